/** The query keys of the SMS simulator's inbox: every one starts with ['sms-simulator']. */
export const smsSimulatorKeys = {
  all: ['sms-simulator'] as const,
  /** One phone's messages (E.164), or every phone's when none is named. */
  inbox: (phone: string | null) => [...smsSimulatorKeys.all, 'inbox', phone ?? 'all'] as const,
};
