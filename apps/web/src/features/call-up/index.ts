// The Eto call-up of a trip picking up at Apapa or Tin Can Island: its tickets, their windows and the
// waits in the holding bay and at the gate (issue 35, decision 048).
export { CallUpCard } from './components/call-up-card';
