import type { Db } from '../../db/client';

export type WeeklyFigures = {
  orderCount: number;
  /** Revenue in NT$ (whole dollars). */
  revenue: number;
};

/**
 * A shop's figures for a period (spec 002 §1 "send a weekly report by e-mail").
 * Orders arrive in a later issue and there is no orders table yet, so no order can have been recorded:
 * the honest figures are zero, and the mail says so in words. When the orders table lands, this is the
 * one function that counts them (between fromDate inclusive and toDate inclusive, for accountId).
 */
export const weeklyFigures = async (
  _db: Db,
  _accountId: number,
  _fromDate: Date,
  _toDate: Date,
): Promise<WeeklyFigures> => ({ orderCount: 0, revenue: 0 });
