export * from './line-spot';
export {
  deleteLineSpotOp,
  findAddressOp,
  getDirectoryEntryOp,
  LINE_SPOT_SEARCH_LIMIT,
  lookupLineSpotOp,
  searchDirectoryShopsOp,
  uploadLineSpotOp,
} from './line-spot-ops';
