import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { withdrawBid } from '../../modules/bid/bid.service';
import { awardOrder } from '../../modules/order/award.service';
import { cancelOrder } from '../../modules/order/order.service';
import { addPreferredPartner } from '../../modules/partner/partner.service';
import type { Tx } from '../client';
import { orders } from '../schema';
import {
  ABA_MARKET,
  AGBARA_FACTORY,
  HOUR,
  DAY,
  IKEJA_WAREHOUSE,
  KANO_DEPOT,
  SEED_IP,
  lagosDate,
  marketKit,
  principalOf,
} from './demo-kit';
import { insertDemoCompanyDocument } from './demo-company-documents';
import { createAccount } from './factories';

/**
 * The demo marketplace, made through the same services the API uses so every invariant holds:
 * orders in every state with bids, and awarded orders of every cargo type with their trips and
 * invoices. Runs inside the seed's transaction (the services' transactions become savepoints).
 */
export async function seedDemoMarketplace(ctx: AppContext, tx: Tx, password: string): Promise<void> {
  const seedCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };

  await createAccount(
    tx,
    {
      email: 'transporter2@example.com',
      password,
      firstName: 'Ibinabo',
      lastName: 'George',
      phoneNumber: '+2348031234505',
      userType: 'TRANSPORTER',
    },
    {
      name: 'Garden City Logistics Ltd',
      verificationStatus: 'VERIFIED',
      cacRegistrationNumber: 'RC 2345678',
      tin: '23456789-0001',
      address: {
        street: '40 Trans-Amadi Industrial Layout',
        neighborhood: 'Trans-Amadi',
        lga: 'Port Harcourt',
        city: 'Port Harcourt',
        state: 'Rivers',
      },
      contactName: 'Ibinabo George',
      contactPhone: '+2348031234505',
      contactEmail: 'transporter2@example.com',
    },
  );
  await createAccount(
    tx,
    {
      email: 'new.transporter@example.com',
      password,
      firstName: 'Sani',
      lastName: 'Abdullahi',
      phoneNumber: '+2348031234506',
      userType: 'TRANSPORTER',
    },
    {
      name: 'Northgate Trucking Ltd',
      verificationStatus: 'PENDING_REVIEW',
      cacRegistrationNumber: 'RC 3456789',
      tin: '34567890-0001',
      address: {
        street: '9 Zaria Road',
        neighborhood: 'Bompai',
        lga: 'Nasarawa',
        city: 'Kano',
        state: 'Kano',
      },
      contactName: 'Sani Abdullahi',
      contactPhone: '+2348031234506',
      contactEmail: 'new.transporter@example.com',
    },
  );
  // Northgate has sent everything and waits for an admin: the back office has work to show.
  const northgate = await principalOf(tx, 'new.transporter@example.com');
  const northgateCompany = {
    id: northgate.companyId,
    name: 'Northgate Trucking Ltd',
    cacRegistrationNumber: 'RC 3456789',
  };
  for (const type of ['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE'] as const) {
    await insertDemoCompanyDocument(ctx, tx, northgateCompany, type, northgate.userId, {
      status: 'PENDING_REVIEW',
    });
  }
  await createAccount(
    tx,
    {
      email: 'unverified.customer@example.com',
      password,
      firstName: 'Halima',
      lastName: 'Yusuf',
      phoneNumber: '+2348031234507',
      userType: 'CUSTOMER',
    },
    { name: 'Yusuf Agro Exports Ltd' },
  );

  const customer = await principalOf(tx, 'customer@example.com');
  const eko = await principalOf(tx, 'transporter@example.com');
  const gardenCity = await principalOf(tx, 'transporter2@example.com');

  const { terminal, address, containers, order, bid, itemIdsOf, awardWhole } = await marketKit(
    seedCtx,
    tx,
    customer,
    100,
  );
  await addPreferredPartner(seedCtx, customer, eko.companyId, SEED_IP);

  // Open for bids, with two bids.
  const open = await order('IMPORT_SHIPPER_OWNED', {
    clientName: 'Chisco Agro Allied',
    reference: 'BL-MEDU-2231',
    containers: containers(2, 'MEDU', 'MSC'),
    pickup: terminal('APMT-APAPA'),
    recipient: address(IKEJA_WAREHOUSE),
    bidDetails: {
      pickupDate: lagosDate(5),
      biddingClosesAt: new Date(Date.now() + 3 * DAY).toISOString(),
      targetAmountKobo: 48_000_000,
    },
  });
  await bid(eko, open.id, 455_000, 2, 'Two trucks on standby at Apapa; can lift the day the TDO is out.');
  await bid(gardenCity, open.id, 470_000, 3, 'Escort included to Ikeja.');

  // Open for preferred partners only: general cargo, three truck loads.
  const preferred = await order('GENERAL_CARGO', {
    clientName: 'Lafarge Africa (Wapco)',
    reference: 'PO-88102',
    generalCargos: [1, 2, 3].map((n) => ({
      description: `Bagged cement, 600 bags (load ${n} of 3)`,
      quantity: 600,
      weightTonnes: 30,
      truckType: 'FLATBED' as const,
    })),
    pickup: address(AGBARA_FACTORY),
    recipient: address(KANO_DEPOT),
    preferredPartnersOnly: true,
    bidDetails: {
      pickupDate: lagosDate(6),
      biddingClosesAt: new Date(Date.now() + 4 * DAY).toISOString(),
      targetAmountKobo: 120_000_000,
    },
  });
  await bid(eko, preferred.id, 1_150_000, 3, 'Kano run via Ilorin; 4 days transit.');

  // Open with no bid yet.
  await order('EMPTY_CONTAINER', {
    clientName: 'Okafor Imports Ltd',
    reference: 'EMPTY-RET-17',
    containers: containers(1, 'MSKU', 'MAERSK', 'FTS_40'),
    pickup: address(IKEJA_WAREHOUSE),
    recipient: terminal('LILYPOND-IJORA'),
  });

  // Bidding closed, awaiting award: one bid was withdrawn along the way.
  const closed = await order('EXPORT', {
    clientName: 'Olam Nigeria',
    reference: 'EXP-COCOA-09',
    containers: containers(2, 'CMAU', 'CMA-CGM'),
    pickup: address(AGBARA_FACTORY),
    recipient: terminal('TICT-TINCAN'),
  });
  await bid(eko, closed.id, 390_000, 2);
  const withdrawn = await bid(gardenCity, closed.id, 380_000, 1);
  await withdrawBid(seedCtx, gardenCity, withdrawn.id, SEED_IP);
  await tx
    .update(orders)
    .set({ biddingClosesAt: new Date(Date.now() - 2 * HOUR) })
    .where(eq(orders.id, closed.id));

  // Cancelled before award.
  const cancelled = await order('IMPORT_LINER_OWNED', {
    clientName: 'Chisco Agro Allied',
    reference: 'BL-HLCU-0098',
    containers: containers(1, 'HLXU', 'HAPAG-LLOYD'),
    pickup: terminal('ENL-APAPA'),
    recipient: address(IKEJA_WAREHOUSE),
  });
  await bid(gardenCity, cancelled.id, 500_000, 1);
  await cancelOrder(
    seedCtx,
    customer,
    cancelled.id,
    'The consignee cleared the goods with his own trucks.',
    SEED_IP,
  );

  // Awarded: one order of every cargo type, one of them split between two transporters.
  const soc = await order('IMPORT_SHIPPER_OWNED', {
    clientName: 'Nestlé Nigeria',
    reference: 'BL-MAEU-7781',
    containers: containers(1, 'MSKU', 'MAERSK', 'FTS_20'),
    pickup: terminal('TICT-TINCAN'),
    recipient: address(IKEJA_WAREHOUSE),
  });
  const socBid = await bid(eko, soc.id, 430_000, 1);
  await bid(gardenCity, soc.id, 445_000, 1);
  await awardWhole(soc.id, socBid.id);

  const loc = await order('IMPORT_LINER_OWNED', {
    clientName: 'Chisco Agro Allied',
    reference: 'BL-MEDU-4410',
    containers: containers(4, 'MSCU', 'MSC'),
    pickup: terminal('APMT-APAPA'),
    recipient: address(IKEJA_WAREHOUSE),
  });
  const locEko = await bid(eko, loc.id, 460_000, 2);
  const locGarden = await bid(gardenCity, loc.id, 465_000, 2);
  const locItems = await itemIdsOf(loc.id);
  await awardOrder(
    seedCtx,
    customer,
    loc.id,
    {
      allocations: [
        { bidId: locEko.id, itemIds: locItems.slice(0, 2) },
        { bidId: locGarden.id, itemIds: locItems.slice(2) },
      ],
    },
    SEED_IP,
  );

  const empty = await order('EMPTY_CONTAINER', {
    clientName: 'Okafor Imports Ltd',
    reference: 'EMPTY-RET-12',
    containers: containers(1, 'CMAU', 'CMA-CGM', 'FTS_40'),
    pickup: address(IKEJA_WAREHOUSE),
    recipient: terminal('ANET-AMUWO-ODOFIN'),
  });
  await awardWhole(empty.id, (await bid(eko, empty.id, 180_000, 1)).id);

  const exportOrder = await order('EXPORT', {
    clientName: 'Olam Nigeria',
    reference: 'EXP-SESAME-03',
    containers: containers(1, 'CMAU', 'CMA-CGM', 'FTS_20'),
    pickup: address(AGBARA_FACTORY),
    recipient: terminal('PTML-TINCAN'),
  });
  await awardWhole(exportOrder.id, (await bid(gardenCity, exportOrder.id, 350_000, 1)).id);

  const general = await order('GENERAL_CARGO', {
    clientName: 'PZ Cussons Nigeria',
    reference: 'PO-55190',
    generalCargos: [
      {
        description: 'Palletised soap cartons, 1,200 cartons',
        quantity: 1200,
        weightTonnes: 18,
        truckType: 'BOX',
      },
      {
        description: 'Palletised soap cartons, 1,200 cartons',
        quantity: 1200,
        weightTonnes: 18,
        truckType: 'BOX',
      },
    ],
    pickup: address(IKEJA_WAREHOUSE),
    recipient: address(ABA_MARKET),
  });
  await awardWhole(
    general.id,
    (await bid(eko, general.id, 850_000, 2, 'Two box trucks, Aba by Thursday.')).id,
  );
}
