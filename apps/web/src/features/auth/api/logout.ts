/**
 * POST {apiUrl}/session/logout: ends the server-side session of the stored
 * token, so that it and every token renewed from it stop working. Without a
 * valid token there is nothing to end (the call is skipped).
 */
import { apiRequest } from '../../../shared/api/client';

export async function endServerSession(): Promise<void> {
  // 401: the session has ended already; the caller forgets the token either way.
  await apiRequest<{ ended: boolean }>({
    method: 'POST',
    path: '/session/logout',
    quietStatuses: [401],
  });
}
