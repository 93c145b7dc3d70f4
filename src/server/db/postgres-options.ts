// What every connection of the shop to PostgreSQL sets when it opens (decision 0068). The shop's queries are
// short by design (indexes, and reports that read sums kept ahead), and two settings made for long analytical
// queries only slowed them down on the seeded year (3.87 million tickets, 2 cores):
// - no JIT compilation: compiling a report's plan took 340-660 ms of a query that then ran in about 100 ms;
// - no parallel workers: the staff's six reports took 689 ms with none against 932 ms with PostgreSQL's
//   default two per query, whose processes wait for the same two cores as the request itself.
export const POSTGRES_CONNECTION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';
