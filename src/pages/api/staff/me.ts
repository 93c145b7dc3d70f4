// GET /api/staff/me: the signed-in staff user and their role (404 for anyone else who is signed in).
import { jsonRoute } from '@/http/route';

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ caller }) {
    return { status: 200, body: { email: caller.email, role: caller.role } };
  },
});
