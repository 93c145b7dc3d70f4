// What every connection of the shop to PostgreSQL sets when it opens (decision 0068). No JIT compilation:
// the shop's queries are short, and the reports read sums kept ahead; PostgreSQL compiles a plan whose cost
// estimate passes `jit_above_cost`, which over a year of bookings the reports' plans do. On the seeded year,
// compiling took 340-660 ms of a report query that then ran in about 100 ms.
export const POSTGRES_CONNECTION_OPTIONS = '-c jit=off';
