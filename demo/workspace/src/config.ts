/** Runtime settings for Ledgerline. */
export interface LedgerlineConfig {
  /** Partner API base URL. */
  endpoint: string;
  /** How many times a failed push is retried before it goes to the dead-letter queue. */
  maxRetries: number;
  /** First back-off delay in milliseconds; doubles on each retry. */
  initialBackoffMs: number;
}

export const config: LedgerlineConfig = {
  endpoint: "https://partner.example.com/v2/events",
  maxRetries: 5,
  initialBackoffMs: 200,
};
