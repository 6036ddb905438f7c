// The SMS simulator's face: its phone filter is shared with the other channels' simulator pages.
export { PhoneFilter } from './routes/sms-simulator-page';
