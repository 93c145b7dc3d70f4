// For API routes that need a signed-in member (SPEC.md section 6).
import type { NextApiRequest, NextApiResponse } from 'next';
import { getServerSession } from 'next-auth';
import { AppError } from '../errors';
import { getAuthOptions } from './options';

export async function requireApiMember(req: NextApiRequest, res: NextApiResponse): Promise<{ userId: string; email: string }> {
  const session = await getServerSession(req, res, await getAuthOptions());
  if (!session?.user?.id || !session.user.email) throw new AppError(401, 'UNAUTHORIZED', 'You must be logged in to book');
  return { userId: session.user.id, email: session.user.email };
}
