/** How busy the database's connections are now (the metrics read it at each scrape). */
export interface PoolUsage {
  /** Connections open: PostgreSQL's pool up to its maximum; the embedded database's one. */
  open: number;
  /** Connections running a statement or a transaction. */
  inUse: number;
  /** Requests waiting for a connection: the pool's queue; the embedded database's waiting statements and transactions. */
  waiting: number;
  /** Most connections the pool opens. */
  max: number;
}
