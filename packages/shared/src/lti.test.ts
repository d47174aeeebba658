import { describe, expect, it } from 'vitest';
import { CANVAS_PLATFORM_URL, D2L_TOKEN_URL, LTI_MSG, isAllowedLtiUrl, ltiAddBody, ltiDeleteBody, ltiEndpoints, ltiStudentLabel, normalizeLtiUrl, parseLtiStudentId } from './lti';

describe('ltiEndpoints (spec 3 §3 "LTI connection")', () => {
  it('canvas: the fixed platform URL, and the three paths under the given URL', () => {
    expect(ltiEndpoints('canvas', 'https://escola.instructure.com')).toEqual({
      platformUrl: CANVAS_PLATFORM_URL,
      authenticationEndpoint: 'https://escola.instructure.com/api/lti/authorize_redirect',
      accesstokenEndpoint: 'https://escola.instructure.com/login/oauth2/token',
      authConfig: { method: 'JWK_SET', key: 'https://escola.instructure.com/api/lti/security/jwks' },
    });
    expect(CANVAS_PLATFORM_URL).toBe('https://canvas.instructure.com');
  });

  it('d2l: /d2l/lti/authenticate, the fixed Brightspace token URL, /d2l/.well-known/jwks', () => {
    expect(ltiEndpoints('d2l', 'https://ead.faculdade.edu.br')).toEqual({
      platformUrl: 'https://ead.faculdade.edu.br',
      authenticationEndpoint: 'https://ead.faculdade.edu.br/d2l/lti/authenticate',
      accesstokenEndpoint: D2L_TOKEN_URL,
      authConfig: { method: 'JWK_SET', key: 'https://ead.faculdade.edu.br/d2l/.well-known/jwks' },
    });
    expect(D2L_TOKEN_URL).toBe('https://auth.brightspace.com/core/connect/token');
  });

  it('moodle: /mod/lti/auth.php, /mod/lti/token.php, /mod/lti/certs.php under the given URL (a sub-path kept)', () => {
    expect(ltiEndpoints('moodle', 'https://escola.edu.br/moodle/')).toEqual({
      platformUrl: 'https://escola.edu.br/moodle',
      authenticationEndpoint: 'https://escola.edu.br/moodle/mod/lti/auth.php',
      accesstokenEndpoint: 'https://escola.edu.br/moodle/mod/lti/token.php',
      authConfig: { method: 'JWK_SET', key: 'https://escola.edu.br/moodle/mod/lti/certs.php' },
    });
  });
});

describe('the platform URL', () => {
  it('is normalized: host lower case, no trailing slash, query or fragment', () => {
    expect(normalizeLtiUrl('  HTTPS://Moodle.Escola.EDU.br/  ')).toBe('https://moodle.escola.edu.br');
    expect(normalizeLtiUrl('https://escola.edu.br/moodle///?x=1#a')).toBe('https://escola.edu.br/moodle');
    expect(normalizeLtiUrl('https://escola.edu.br:8443')).toBe('https://escola.edu.br:8443');
    for (const bad of ['moodle.escola.edu.br', 'ftp://escola.edu.br', 'javascript:alert(1)', 'https://user:pw@escola.edu.br', '']) {
      expect(normalizeLtiUrl(bad), bad).toBeNull();
    }
  });

  it('must be https, http only for localhost', () => {
    expect(isAllowedLtiUrl('https://escola.edu.br')).toBe(true);
    expect(isAllowedLtiUrl('http://localhost:8080')).toBe(true);
    expect(isAllowedLtiUrl('http://127.0.0.1')).toBe(true);
    expect(isAllowedLtiUrl('http://escola.edu.br')).toBe(false);
    // A production tool (not on localhost itself) takes https only.
    expect(isAllowedLtiUrl('http://localhost:8080', false)).toBe(false);
    expect(isAllowedLtiUrl('https://escola.edu.br', false)).toBe(true);
  });

  it('the forms: url and clientId required, a platform chosen, pt-BR messages', () => {
    const empty = ltiAddBody.safeParse({ platform: undefined, name: '', clientId: ' ', url: '' });
    expect(empty.success).toBe(false);
    const messages = Object.fromEntries(empty.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ platform: LTI_MSG.platformRequired, clientId: 'Campo Obrigatório', url: 'Campo Obrigatório' });
    const http = ltiAddBody.safeParse({ platform: 'moodle', clientId: 'abc', url: 'http://moodle.escola.edu.br' });
    expect(http.error?.issues[0]?.message).toBe(LTI_MSG.urlNotHttps);
    expect(ltiAddBody.parse({ platform: 'canvas', clientId: ' 1000 ', url: 'https://X.instructure.com/' })).toEqual({
      platform: 'canvas',
      name: '',
      clientId: '1000',
      url: 'https://x.instructure.com',
    });
    expect(ltiDeleteBody.safeParse({ clientId: '', url: '' }).error?.issues.map((i) => i.message)).toEqual(['Campo Obrigatório', 'Campo Obrigatório']);
  });
});

describe('the student id of an LTI-launched student', () => {
  it('reads back the connection and the LMS user id, or only the digest', () => {
    expect(parseLtiStudentId('lti:12:7')).toEqual({ connectionId: 12, sub: '7', digest: null });
    expect(parseLtiStudentId('lti:12:a:b#c')).toEqual({ connectionId: 12, sub: 'a:b#c', digest: null });
    expect(parseLtiStudentId(`lti:3#${'f'.repeat(64)}`)).toEqual({ connectionId: 3, sub: null, digest: 'f'.repeat(64) });
    for (const other of ['aluno@escola.br', '12345', 'lti:', 'lti:x:7', 'LTI:12:7']) expect(parseLtiStudentId(other)).toBeNull();
    expect(ltiStudentLabel({ sub: '7', digest: null }, 'Moodle da graduação')).toBe('7 · Moodle da graduação (LTI)');
    expect(ltiStudentLabel({ sub: null, digest: 'abcdef0123456789' }, 'Canvas')).toBe('usuário abcdef0123 · Canvas (LTI)');
    expect(ltiStudentLabel({ sub: '7', digest: null }, 'Moodle da graduação', 'Maria Souza')).toBe('Maria Souza · 7 · Moodle da graduação (LTI)');
    expect(ltiStudentLabel({ sub: '7', digest: null }, 'Moodle da graduação', null)).toBe('7 · Moodle da graduação (LTI)');
  });
});
