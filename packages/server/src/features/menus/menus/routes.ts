import {
  bulkMoveOp,
  bulkSoldOutOp,
  copyMenuOp,
  createMenuClassOp,
  createOptionGroupOp,
  createOptionOp,
  createProductOp,
  deleteMenuClassOp,
  deleteOptionGroupOp,
  deleteOptionOp,
  deleteProductOp,
  getMenuOp,
  listMenuShopsOp,
  reorderMenuClassesOp,
  reorderOptionGroupsOp,
  reorderOptionsOp,
  reorderProductsOp,
  restoreStockOp,
  updateMenuClassOp,
  updateOptionGroupOp,
  updateOptionOp,
  updateProductOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { bulkMove, bulkSoldOut, restoreStockNow } from './bulk-service';
import { createClass, deleteClass, reorderClasses, updateClass } from './class-service';
import { copyMenu } from './copy-menu';
import { createGroup, deleteGroup, reorderGroups, updateGroup } from './group-service';
import { imageRoutes, openImageStore } from './image-routes';
import { menuContext } from './menu-access';
import { listMenuShops } from './menu-shops';
import { loadMenu } from './menu-store';
import { createOption, deleteOption, reorderOptions, updateOption } from './option-service';
import { archiveProduct, createProduct, reorderProducts, updateProduct } from './product-service';

/**
 * Menu management (spec 000 §2 /menu-management, /newmenu-management). The spec shows no calls:
 * docs/decisions/menus.md "Menus" lists these paths. Every route is under /{type}/shops/{accountId}/menu and
 * checks the shop once through menuContext (type = the caller's portal, requireShop).
 */
export const menuRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const images = openImageStore(app);
  const ctx = (req: Parameters<typeof menuContext>[0], params: { type: string; accountId: number }) =>
    menuContext(req, db, params);

  registerOperation(app, listMenuShopsOp, async (req) =>
    listMenuShops(db, req.requireUser(), req.params.type, req.query),
  );
  registerOperation(app, getMenuOp, async (req) =>
    loadMenu((await ctx(req, req.params)).db, req.params.accountId),
  );

  registerOperation(app, createMenuClassOp, async (req) => createClass(await ctx(req, req.params), req.body));
  registerOperation(app, updateMenuClassOp, async (req) =>
    updateClass(await ctx(req, req.params), req.params.classId, req.body),
  );
  registerOperation(app, deleteMenuClassOp, async (req) =>
    deleteClass(await ctx(req, req.params), req.params.classId),
  );
  registerOperation(app, reorderMenuClassesOp, async (req) =>
    reorderClasses(await ctx(req, req.params), req.body.ids),
  );

  registerOperation(app, createProductOp, async (req) =>
    createProduct({ ...(await ctx(req, req.params)), images }, req.body),
  );
  registerOperation(app, updateProductOp, async (req) =>
    updateProduct({ ...(await ctx(req, req.params)), images }, req.params.productId, req.body),
  );
  registerOperation(app, deleteProductOp, async (req) =>
    archiveProduct(await ctx(req, req.params), req.params.productId),
  );
  registerOperation(app, reorderProductsOp, async (req) =>
    reorderProducts(await ctx(req, req.params), req.params.classId, req.body.ids),
  );

  registerOperation(app, createOptionGroupOp, async (req) =>
    createGroup(await ctx(req, req.params), req.params.productId, req.body),
  );
  registerOperation(app, updateOptionGroupOp, async (req) =>
    updateGroup(await ctx(req, req.params), req.params.groupId, req.body),
  );
  registerOperation(app, deleteOptionGroupOp, async (req) =>
    deleteGroup(await ctx(req, req.params), req.params.groupId),
  );
  registerOperation(app, reorderOptionGroupsOp, async (req) =>
    reorderGroups(await ctx(req, req.params), req.params.productId, req.body.ids),
  );
  registerOperation(app, createOptionOp, async (req) =>
    createOption(await ctx(req, req.params), req.params.groupId, req.body),
  );
  registerOperation(app, updateOptionOp, async (req) =>
    updateOption(await ctx(req, req.params), req.params.optionId, req.body),
  );
  registerOperation(app, deleteOptionOp, async (req) =>
    deleteOption(await ctx(req, req.params), req.params.optionId),
  );
  registerOperation(app, reorderOptionsOp, async (req) =>
    reorderOptions(await ctx(req, req.params), req.params.groupId, req.body.ids),
  );

  registerOperation(app, bulkSoldOutOp, async (req) =>
    bulkSoldOut(await ctx(req, req.params), req.body.productIds, req.body.soldOut),
  );
  registerOperation(app, bulkMoveOp, async (req) =>
    bulkMove(await ctx(req, req.params), req.body.productIds, req.body.classId),
  );
  registerOperation(app, restoreStockOp, async (req) => restoreStockNow(await ctx(req, req.params)));
  registerOperation(app, copyMenuOp, async (req) =>
    copyMenu(await ctx(req, req.params), req.body.fromAccountId),
  );

  await app.register(imageRoutes, { db, images });
};
