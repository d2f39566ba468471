import { guardRegistrationIndex } from '../../features/auth/guards.server';
import type { Route } from './+types/index';

/**
 * /register (guard registration, decision 031): visitors go to sign-up, signed-in users to the step
 * the registration order forces, complete registrations home. The guard always redirects.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await guardRegistrationIndex(request);
  return null;
}

export default function RegisterIndex() {
  return null;
}
