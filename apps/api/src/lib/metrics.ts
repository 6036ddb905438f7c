import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The process's own measures, counted where things happen (requests, jobs, notifications, positions) and
// read by GET /metrics (plugins/metrics.ts) with the gauges each app reads when it is scraped. One registry
// per process: the counters live as long as the process, whichever app instance counted them.

export const processMetrics = new Registry();

// CPU, memory, heap, handles, and the event loop's delay (nodejs_eventloop_lag_* with its percentiles).
collectDefaultMetrics({ register: processMetrics });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [processMetrics],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const fastLaneAnswers = new Counter({
  name: 'freightlane_public_fast_lane_answers_total',
  help: 'Public tracking lookups answered from memory before the web framework (not in http_requests_total)',
  registers: [processMetrics],
});

export const jobsRun = new Counter({
  name: 'freightlane_jobs_run_total',
  help: 'Background jobs run, by kind and outcome (done, retry, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processMetrics],
});

export const notificationsDelivered = new Counter({
  name: 'freightlane_notifications_total',
  help: 'Notification deliveries tried, by channel (EMAIL, PUSH, SMS, WHATSAPP) and outcome (sent, handed_over, retry, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processMetrics],
});

export const positionsStored = new Counter({
  name: 'freightlane_positions_stored_total',
  help: 'Truck positions stored, by where they came from (a tracking provider, or DRIVER_PHONE)',
  labelNames: ['source'] as const,
  registers: [processMetrics],
});

export const replicaReads = new Counter({
  name: 'freightlane_replica_reads_total',
  help: 'Heavy reads (reports, exports, the map) by the database that served them (replica, primary) and why (caught_up, no_replica, down, lagging, own_write, unheard, failed)',
  labelNames: ['target', 'reason'] as const,
  registers: [processMetrics],
});

export const replicaLag = new Gauge({
  name: 'freightlane_replica_lag_seconds',
  help: 'How far the read replica was behind the primary at its last check (+Inf while it cannot be read)',
  registers: [processMetrics],
});
