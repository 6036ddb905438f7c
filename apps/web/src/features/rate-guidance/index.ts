/**
 * What other features may use from rate guidance: a lane's bands beside the order wizard's target price and
 * the market's bid form, the lane between an order's places, and the reports page's card.
 */
export { LaneRateBands } from './components/lane-rate-bands';
export { LaneRatesCard } from './components/lane-rates-card';
export { RateBand, type BandPrice } from './components/rate-band';
export { equipmentOfItems, laneOfPlaces, pricePosition, type Equipment, type LaneEnds } from './lane';
