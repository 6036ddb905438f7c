import type { AppContext } from '../../context';
import { withdrawBid } from '../../modules/bid/bid.service';
import { cancelOrder } from '../../modules/order/order.service';
import { addPreferredPartner } from '../../modules/partner/partner.service';
import type { Tx } from '../client';
import { preferredPartners } from '../schema';
import {
  ABA_MARKET,
  AGBARA_FACTORY,
  DAY,
  HOUR,
  IKEJA_WAREHOUSE,
  KANO_DEPOT,
  SEED_IP,
  demoContext,
  lagosDate,
  marketKit,
  principalOf,
} from './demo-kit';
import { insertDemoCompanyDocument } from './demo-company-documents';
import { biddingClosedAt, bidWithdrawnAt, joinedAt, orderCancelledAt, type StoryClock } from './demo-story';
import { createAccount } from './factories';

/**
 * The demo marketplace, made through the same services the API uses so every invariant holds:
 * orders in every state with bids, and awarded orders of every cargo type with their trips and
 * invoices. Runs inside the seed's transaction (the services' transactions become savepoints). Each
 * order is placed, bid on, closed and awarded in that order over the last few days.
 */
export async function seedDemoMarketplace(
  ctx: AppContext,
  tx: Tx,
  password: string,
  clock: StoryClock,
): Promise<void> {
  const seedCtx = demoContext(ctx, tx);
  const { ago } = clock;

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
        street: 'Plot 40, Trans-Amadi Industrial Layout',
        neighborhood: '',
        lga: 'Obio/Akpor',
        city: 'Port Harcourt',
        state: 'Rivers',
      },
      contactName: 'Ibinabo George',
      contactPhone: '+2348031234505',
      contactEmail: 'transporter2@example.com',
    },
  );
  await joinedAt(tx, 'transporter2@example.com', ago(100 * DAY), { verifiedAt: ago(97 * DAY) });
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
  await joinedAt(tx, 'new.transporter@example.com', ago(3 * DAY), { verifiedAt: null });
  // Northgate has sent everything and waits for an admin: the back office has work to show.
  const northgate = await principalOf(tx, 'new.transporter@example.com');
  const northgateCompany = {
    id: northgate.companyId,
    name: 'Northgate Trucking Ltd',
    cacRegistrationNumber: 'RC 3456789',
  };
  for (const [i, type] of (['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE'] as const).entries()) {
    await insertDemoCompanyDocument(ctx, tx, northgateCompany, type, northgate.userId, {
      status: 'PENDING_REVIEW',
      uploadedAt: ago(2 * DAY - i * 20 * 60 * 1000),
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
  await joinedAt(tx, 'unverified.customer@example.com', ago(6 * DAY), { verifiedAt: null });

  const customer = await principalOf(tx, 'customer@example.com');
  const eko = await principalOf(tx, 'transporter@example.com');
  const gardenCity = await principalOf(tx, 'transporter2@example.com');

  const { terminal, address, containers, order, bid, itemIdsOf, award, awardWhole } = await marketKit(
    ctx,
    tx,
    customer,
    100,
    clock,
  );
  await addPreferredPartner(seedCtx, customer, eko.companyId, SEED_IP);
  await tx.update(preferredPartners).set({ createdAt: ago(90 * DAY) });

  // Open for bids, with two bids.
  const open = await order(
    'IMPORT_SHIPPER_OWNED',
    {
      clientName: 'Chisco Agro Allied',
      reference: 'BL-MEDU-2231',
      containers: containers(2, 'MEDU', 'MSC'),
      pickup: terminal('APMT-APAPA'),
      recipient: address(IKEJA_WAREHOUSE),
      bidDetails: {
        pickupDate: lagosDate(5),
        biddingClosesAt: new Date(clock.now + 3 * DAY).toISOString(),
        targetAmountKobo: 48_000_000,
      },
    },
    ago(20 * HOUR),
  );
  await bid(
    eko,
    open.id,
    455_000,
    2,
    ago(16 * HOUR),
    'Two trucks on standby at Apapa; can lift the day the TDO is out.',
  );
  await bid(gardenCity, open.id, 470_000, 3, ago(9 * HOUR), 'Escort included to Ikeja.');

  // Open for preferred partners only: general cargo, three truck loads.
  const preferred = await order(
    'GENERAL_CARGO',
    {
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
        biddingClosesAt: new Date(clock.now + 4 * DAY).toISOString(),
        targetAmountKobo: 120_000_000,
      },
    },
    ago(6 * HOUR),
  );
  await bid(eko, preferred.id, 1_150_000, 3, ago(3 * HOUR), 'Kano run via Ilorin; 4 days transit.');

  // Open with no bid yet.
  await order(
    'EMPTY_CONTAINER',
    {
      clientName: 'Okafor Imports Ltd',
      reference: 'EMPTY-RET-17',
      containers: containers(1, 'MSKU', 'MAERSK', 'FTS_40'),
      pickup: address(IKEJA_WAREHOUSE),
      recipient: terminal('LILYPOND-IJORA'),
    },
    ago(2 * HOUR),
  );

  // Bidding closed two hours ago, awaiting award: one bid was withdrawn along the way.
  const closed = await order(
    'EXPORT',
    {
      clientName: 'Olam Nigeria',
      reference: 'EXP-COCOA-09',
      containers: containers(2, 'CMAU', 'CMA-CGM'),
      pickup: address(AGBARA_FACTORY),
      recipient: terminal('TICT-TINCAN'),
    },
    ago(3 * DAY),
  );
  await bid(eko, closed.id, 390_000, 2, ago(2 * DAY + 20 * HOUR));
  const withdrawn = await bid(gardenCity, closed.id, 380_000, 1, ago(2 * DAY + 10 * HOUR));
  await withdrawBid(seedCtx, gardenCity, withdrawn.id, SEED_IP);
  await bidWithdrawnAt(tx, withdrawn.id, ago(DAY + 5 * HOUR));
  await biddingClosedAt(tx, closed.id, ago(2 * HOUR));

  // Cancelled before bidding closed.
  const cancelled = await order(
    'IMPORT_LINER_OWNED',
    {
      clientName: 'Chisco Agro Allied',
      reference: 'BL-HLCU-0098',
      containers: containers(1, 'HLXU', 'HAPAG-LLOYD'),
      pickup: terminal('ENL-APAPA'),
      recipient: address(IKEJA_WAREHOUSE),
    },
    ago(4 * DAY),
  );
  await bid(gardenCity, cancelled.id, 500_000, 1, ago(3 * DAY + 18 * HOUR));
  await cancelOrder(
    seedCtx,
    customer,
    cancelled.id,
    'The consignee cleared the goods with his own trucks.',
    SEED_IP,
  );
  await biddingClosedAt(tx, cancelled.id, ago(2 * DAY));
  await orderCancelledAt(tx, cancelled.id, ago(3 * DAY + 2 * HOUR));

  // Awarded once bidding closed: one order of every cargo type, one of them split between two
  // transporters. Their trips are due to be picked up in four days.
  const soc = await order(
    'IMPORT_SHIPPER_OWNED',
    {
      clientName: 'Nestlé Nigeria',
      reference: 'BL-MAEU-7781',
      containers: containers(1, 'MSKU', 'MAERSK', 'FTS_20'),
      pickup: terminal('TICT-TINCAN'),
      recipient: address(IKEJA_WAREHOUSE),
    },
    ago(2 * DAY + 4 * HOUR),
  );
  const socBid = await bid(eko, soc.id, 430_000, 1, ago(2 * DAY));
  await bid(gardenCity, soc.id, 445_000, 1, ago(DAY + 22 * HOUR));
  await awardWhole(soc.id, socBid.id, { closed: ago(DAY + 6 * HOUR), awarded: ago(DAY + 4 * HOUR) });

  const loc = await order(
    'IMPORT_LINER_OWNED',
    {
      clientName: 'Chisco Agro Allied',
      reference: 'BL-MEDU-4410',
      containers: containers(4, 'MSCU', 'MSC'),
      pickup: terminal('APMT-APAPA'),
      recipient: address(IKEJA_WAREHOUSE),
    },
    ago(2 * DAY + 8 * HOUR),
  );
  const locEko = await bid(eko, loc.id, 460_000, 2, ago(2 * DAY + 2 * HOUR));
  const locGarden = await bid(gardenCity, loc.id, 465_000, 2, ago(DAY + 20 * HOUR));
  const locItems = await itemIdsOf(loc.id);
  await award(
    loc.id,
    [
      { bidId: locEko.id, itemIds: locItems.slice(0, 2) },
      { bidId: locGarden.id, itemIds: locItems.slice(2) },
    ],
    { closed: ago(DAY + 3 * HOUR), awarded: ago(DAY + HOUR) },
  );

  const empty = await order(
    'EMPTY_CONTAINER',
    {
      clientName: 'Okafor Imports Ltd',
      reference: 'EMPTY-RET-12',
      containers: containers(1, 'CMAU', 'CMA-CGM', 'FTS_40'),
      pickup: address(IKEJA_WAREHOUSE),
      recipient: terminal('ANET-AMUWO-ODOFIN'),
    },
    ago(DAY + 20 * HOUR),
  );
  const emptyBid = await bid(eko, empty.id, 180_000, 1, ago(DAY + 16 * HOUR));
  await awardWhole(empty.id, emptyBid.id, { closed: ago(DAY), awarded: ago(22 * HOUR) });

  const exportOrder = await order(
    'EXPORT',
    {
      clientName: 'Olam Nigeria',
      reference: 'EXP-SESAME-03',
      containers: containers(1, 'CMAU', 'CMA-CGM', 'FTS_20'),
      pickup: address(AGBARA_FACTORY),
      recipient: terminal('PTML-TINCAN'),
    },
    ago(DAY + 12 * HOUR),
  );
  const exportBid = await bid(gardenCity, exportOrder.id, 350_000, 1, ago(DAY + 8 * HOUR));
  await awardWhole(exportOrder.id, exportBid.id, { closed: ago(18 * HOUR), awarded: ago(16 * HOUR) });

  const general = await order(
    'GENERAL_CARGO',
    {
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
    },
    ago(DAY + 10 * HOUR),
  );
  const generalBid = await bid(
    eko,
    general.id,
    850_000,
    2,
    ago(DAY + 6 * HOUR),
    'Two box trucks; Aba two days after loading.',
  );
  await awardWhole(general.id, generalBid.id, { closed: ago(10 * HOUR), awarded: ago(8 * HOUR) });
}
