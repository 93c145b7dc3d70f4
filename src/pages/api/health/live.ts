// GET /api/health/live: liveness, for load balancers and process supervisors (docs/decisions/0046): the
// process answers 200 {"status":"live"}; it reads nothing, so a database outage leaves it live.
import { jsonRoute } from '@/http/route';

export default jsonRoute({
  method: 'GET',
  access: 'public',
  async handle() {
    return { status: 200, body: { status: 'live' } };
  },
});
