import { z } from 'zod';

/** POST /api/coupon/takeByCode */
export const takeByCodeRequest = z.object({ promotionCode: z.string().trim().min(1, { message: 'coupon.error.empty' }).max(64) });
/** GET /api/coupon/bindInternalCode?code= */
export const bindInternalCodeRequest = z.object({ code: z.string().trim().min(1, { message: 'coupon.error.notFound' }).max(64) });
/** GET /api/coupon/getRegistrationRights?invitedCode= */
export const registrationRightsRequest = z.object({ invitedCode: z.string().trim().max(64).optional() });
/** POST /api/referral/redeem: the invite code kept by the invite landing. */
export const redeemInviteRequest = z.object({ code: z.string().trim().min(1, { message: 'referral.error.invalid' }).max(64) });
