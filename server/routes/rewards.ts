import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { bindInternalCodeRequest, redeemInviteRequest, registrationRightsRequest, takeByCodeRequest } from '../../src/domain/endpoints/rewards.ts';
import { rewards } from '../../src/domain/rewards.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { takeCoupon, validCoupons } from '../services/coupons.ts';
import { inviterByCode, invitees, redeemInvite, referralSummary } from '../services/referrals.ts';
import { authenticate } from '../services/sessions.ts';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries } from '../db/schema.ts';

/** Coupons, the welcome offer and referrals (spec §7). */
export function rewardRoutes(app: FastifyInstance, { db, key, siteUrl }: { db: Db; key: Uint8Array; siteUrl: string }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.post(endpoints.takeByCode, authed, async (request) => {
    const { promotionCode } = takeByCodeRequest.parse(request.body);
    return ok(await takeCoupon(db, principalOf(request).userId, promotionCode, { internal: false }));
  });

  app.get(endpoints.bindInternalCode, authed, async (request) => {
    const { code } = bindInternalCodeRequest.parse(request.query);
    return ok(await takeCoupon(db, principalOf(request).userId, code, { internal: true }));
  });

  app.get(endpoints.validCoupons, authed, async (request) => ok({ userCoupons: await validCoupons(db, principalOf(request).userId) }));

  // Public: the sign-up page shows what a new account gets, more with a valid invitation.
  app.get(endpoints.registrationRights, async (request) => {
    const { invitedCode } = registrationRightsRequest.parse(request.query);
    const invited = Boolean(invitedCode && (await inviterByCode(db, invitedCode)));
    const offer = { amount: rewards.welcomeDiscountPercent, beans: rewards.welcomeBeans + (invited ? rewards.invitedBonusBeans : 0), invited, validDays: rewards.welcomeWindowDays };
    // A signed-in account's welcome says what it was given (an invited account got the bonus too), not the default.
    if (request.headers.authorization) {
      const principal = await authenticate(db, key, request.headers.authorization).catch(() => undefined);
      if (principal) {
        const [welcome] = await db.select({ amount: ledgerEntries.amount }).from(ledgerEntries).where(and(eq(ledgerEntries.userId, principal.userId), eq(ledgerEntries.reason, 'welcome'))).limit(1);
        if (welcome) return ok({ ...offer, beans: welcome.amount, invited: welcome.amount > rewards.welcomeBeans });
        // An address whose account was deleted joined again without a gift (services/account.ts): nothing to offer.
        return ok({ ...offer, beans: 0, amount: 0, invited: false });
      }
    }
    return ok(offer);
  });

  app.get(endpoints.referral, authed, async (request) => ok(await referralSummary(db, principalOf(request).userId, siteUrl)));
  app.get(endpoints.referralInvited, authed, async (request) => ok({ list: await invitees(db, principalOf(request).userId, false) }));
  app.get(endpoints.referralCharged, authed, async (request) => ok({ list: await invitees(db, principalOf(request).userId, true) }));

  app.post(endpoints.redeemInvite, authed, async (request) => {
    const { code } = redeemInviteRequest.parse(request.body);
    await redeemInvite(db, principalOf(request).userId, code);
    return ok(null);
  });
}
