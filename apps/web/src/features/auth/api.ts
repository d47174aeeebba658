/**
 * Sign-in, sign-up, e-mail confirmation and password calls (spec 1 §2.2–§2.6) through the one API
 * client, with one key factory (`authKeys`). The session's user (`meQuery`) is read by the shell.
 */
import { queryOptions, useMutation} from '@tanstack/react-query';
import { authRoutes, signinBody, type InstitutionSignupBody, type SigninBody } from '@edu/shared/auth';
import type { Body } from '@edu/shared/contract';
import { call } from '../../lib/api';
import { zodForm } from '../../lib/form';
import type { Reactions } from '../../lib/query';

export const authKeys = {
  me: ['auth', 'me'] as const,
  signupPlans: ['auth', 'signup-plans'] as const,
};

export const meQuery = () => queryOptions({ queryKey: authKeys.me, queryFn: () => call(authRoutes.me), staleTime: 60_000 });
export const signupPlansQuery = queryOptions({ queryKey: authKeys.signupPlans, queryFn: () => call(authRoutes.signupPlans), staleTime: 5 * 60_000 });

export const fetchMe = () => call(authRoutes.me);
/** The contract's checks of the sign-in form (field → message). */
export const signinErrors = zodForm(signinBody);
export const signIn = (body: SigninBody) => call(authRoutes.signin, { body });
/** Ends the session (of `token` when given, else the stored one). */
export const signOut = (token?: string) => call(authRoutes.signout, token ? { headers: { authorization: `Bearer ${token}` } } : {});
export const updatePassword = (body: Body<typeof authRoutes.updatePassword>) => call(authRoutes.updatePassword, { body });
export const forgotPassword = (email: string) => call(authRoutes.forgotPassword, { body: { email } });
export const resetPassword = (body: Body<typeof authRoutes.resetPassword>) => call(authRoutes.resetPassword, { body });
export const confirmEmail = (email: string, token: string) => call(authRoutes.confirmEmail, { body: { email, token } });
export const providerSignup = (body: Body<typeof authRoutes.providerSignup>) => call(authRoutes.providerSignup, { body });
export const institutionSignup = (body: Body<typeof authRoutes.institutionSignup>) => call(authRoutes.institutionSignup, { body });
/** The logo of a new institution, sent with the upload token its sign-up answered. */
export const uploadSignupLogo = (userId: number, uploadToken: string, file: File) =>
  call(authRoutes.signupLogo, { params: { id: userId }, file, headers: { 'x-upload-token': uploadToken } });

/** A screen's own reactions to a write (messages, navigation, its form): called after the hook's own work. */
type InstitutionSignup = { body: InstitutionSignupBody; file: File | null };

/**
 * Institution sign-up: the account, then its logo (when chosen). A logo the server refuses does not undo the
 * account (`onLogoFail`: it can be sent later from the profile).
 */
export function useInstitutionSignup(
  reactions: Reactions<Awaited<ReturnType<typeof institutionSignup>>, InstitutionSignup> & { onLogoFail?: (err: unknown) => void } = {},
) {
  const { onLogoFail, ...callbacks } = reactions;
  return useMutation({
    ...callbacks,
    mutationFn: async ({ body, file }: InstitutionSignup) => {
      const created = await institutionSignup(body);
      if (file) {
        try {
          await uploadSignupLogo(created.userId, created.logoUploadToken, file);
        } catch (err) {
          onLogoFail?.(err);
        }
      }
      return created;
    },
  });
}
