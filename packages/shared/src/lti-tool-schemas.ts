/** The schemas of the LTI tool's requests and answers (lti-tool.ts re-exports them; its routes use them). */
import { z } from 'zod';

/** The body of the login initiation (query of a GET, form of a POST). Loose: platforms send more (Canvas: canvas_region…). */
export const ltiLoginParams = z.object({
  iss: z.string().max(2000).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  lti_deployment_id: z.string().max(255).optional(),
  client_id: z.string().max(255).optional(),
  /** LTI Client Side postMessages: the platform offers its storage, in this frame (`_parent` or a named frame). */
  lti_storage_target: z.string().max(200).optional(),
});

/** A login started again in a new window: the single-use token the refusal page's link carries. */
export const ltiRelaunchQuery = z.object({ token: z.string().max(200).optional() });
/** The login check: the login's state (its cookie comes with the request, or not). */
export const ltiLoginCheckQuery = z.object({ state: z.string().max(200).optional() });

/** The authentication response (form_post): the id_token and our state, or the platform's OIDC error. */
export const ltiLaunchBody = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  /** Canvas repeats the login's `lti_storage_target` here; the state row already says where the binding is. */
  lti_storage_target: z.string().max(200).optional(),
});

/**
 * The launch page's second step when the login used the platform storage: the authentication response again and what
 * `lti.get_data` answered in that browser (`proof`, null when the platform answered nothing). JSON, from our own page
 * only (a cross-site form cannot send it).
 */
export const ltiStorageLaunchBody = z.strictObject({
  state: z.string().max(200),
  id_token: z.string().max(20_000),
  proof: z.string().max(200).nullable(),
});
/** Where the launch page goes next (the student viewer or the content picker). */
export const ltiStorageLaunchReply = z.object({ location: z.string() });


export const jwksResponse = z.object({
  keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string(), n: z.string(), e: z.string() })),
});

/** The content picker's context: who chooses for which institution, what the LMS accepts, the institution's subjects. */
export const deepLinkingContext = z.object({
  institution: z.string(),
  platform: z.string(),
  acceptMultiple: z.boolean(),
  expiresAt: z.string(),
  subjects: z.array(z.object({ id: z.number(), name: z.string(), units: z.number() })),
});
export type DeepLinkingContext = z.infer<typeof deepLinkingContext>;

/** 'Adicionar ao LMS': the session and the choice, `u:<item id>` and `s:<subject id>` separated by commas (a form post). */
export const deepLinkingChoiceBody = z.object({
  session: z.string().max(200).optional(),
  items: z.string().max(2000).optional(),
});

