/**
 * The LTI 1.3 tool's protocol constants: the claims and message types of LTI Core 1.3, Deep Linking 2.0 and AGS 2.0,
 * our custom parameters, the lifetimes, and the URLs an LMS administrator registers. lti-tool.ts re-exports them.
 */
/** Claims of LTI Core 1.3, Deep Linking 2.0 and AGS 2.0 (their full names). */
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  /** LTI Names and Role Provisioning Services 2.0 §3.6.1: where the context's members are listed. */
  namesRoleService: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_VERSION = '1.3.0';
export const LTI_MESSAGE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;
export const AGS_SCOPE_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const AGS_SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
/** NRPS 2.0: the scope of the members list and its media type. */
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** The custom parameters our deep-linking items carry (LTI custom claim): the unit (item id) or the subject. */
export const LTI_CUSTOM_UNIT = 'saber_unit';
export const LTI_CUSTOM_SUBJECT = 'saber_subject';

/** The deep-linking session's credential on the content picker's calls. */
export const LTI_SESSION_HEADER = 'x-lti-session';
/** The web path of the content picker (`?session=…`). */
export const LTI_DEEP_LINKING_PATH = '/lti/deep-linking';
/** The prefix of an LTI-launched student's id (share-links.ts). */
export { LTI_STUDENT_PREFIX } from './share-links';

/** Lifetimes. */
export const LTI_LIMITS = {
  /** Login initiation → launch (the OIDC round trip through the platform). */
  stateMinutes: 10,
  /** id_token age accepted (its `iat`), and the clock skew tolerated on exp/iat. */
  idTokenMaxAgeSeconds: 600,
  clockToleranceSeconds: 60,
  /** How long a launched student may keep reading (the student link minted at launch). */
  launchHours: 8,
  /** The teacher's time in the content picker. */
  deepLinkingMinutes: 60,
  /** Our signed messages (deep-linking response, client assertion). */
  messageSeconds: 600,
  /** HTTP calls to a platform (JWKS, token, scores). */
  httpTimeoutMs: 5000,
  /**
   * A key replaced by a planned rotation stays published this long after it stopped signing (longer than any message
   * we sign, and than any platform's cache of our JWKS). An emergency rotation (`--now`) keeps the old keys published
   * only `messageSeconds` (the messages they signed expire by then); a revoked key (`--revoke`) leaves at once.
   */
  retiredKeyHours: 24,
  /** A rotated-in key is published this long before it starts signing, so platforms that cache our JWKS know it. */
  keyActivationMinutes: 15,
  /** Items of one deep-linking response. */
  maxItems: 50,
  /** How long the login and launch pages wait for the platform storage to answer (lti.put_data, lti.get_data). */
  storageWaitMs: 3000,
  /** A context's members list (NRPS) is read again by a launch at most this often. */
  rosterMinutes: 10,
  /** Pages of one members list read at a launch (NRPS paging, `Link: rel="next"`), and how long the reading may take in all. */
  rosterPages: 20,
  rosterTimeoutMs: 5000,
} as const;

/** The values an LMS administrator pastes into Moodle, Canvas or D2L, per connection (docs/lms.md). */
export interface LtiToolUrls {
  /** Tool URL / target link URI (the launch of every resource link). */
  toolUrl: string;
  /** Initiate login URL (OIDC third-party login). */
  loginUrl: string;
  /** Redirection URI(s): where the platform posts the id_token. */
  redirectUris: string[];
  /** The tool's public keyset (JWKS). */
  jwksUrl: string;
  /** Content selection / deep-linking URL. */
  deepLinkingUrl: string;
  /** The tool's domain (Canvas asks for it). */
  domain: string;
}

export function ltiToolUrls(publicUrl: string): LtiToolUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const launch = `${base}/api/lti/launch`;
  return {
    toolUrl: launch,
    loginUrl: `${base}/api/lti/login`,
    redirectUris: [launch],
    jwksUrl: `${base}/api/lti/jwks`,
    deepLinkingUrl: launch,
    domain: new URL(base).host,
  };
}
