/**
 * /student/link?token=… (SHARE_LINK_PATH): the student viewer, public (no account). The server verifies the
 * link (and does again on every call); a refused link shows its pt-BR reason and no content. A unit link opens its
 * unit; a subject link its units in the subject's order, with a way to move between them (`&unit=` keeps the place).
 * A link that names no student asks once for 'Matrícula ou e-mail' (kept per institution in this browser) unless the
 * LMS appended `&student=`; either is exchanged for the link's student token (`POST /student/identify`), which every
 * call then carries.
 *
 * `StudentLink` is also the LMS page's viewer (LMS_VIEWER_PATH: student-lms-page.tsx); there a student the
 * LMS names cannot be swapped.
 */
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import type { VerifiedLink } from '@edu/shared/share-links';
import { STUDENT_MSG, STUDENT_QUERY_PARAM, type IdentifyReply } from '@edu/shared/student';
import { Button, TextButton } from '../../../ui/basic/button';
import { Loader } from '../../../ui/basic/feedback';
import { SelectField } from '../../../ui/basic/fields';
import basic from '../../../ui/basic/basic.module.css';
import { useIdentifyStudent, useLink, type StudentCredentials } from '../api';
import { IdentityForm } from '../components/identity-form';
import { StudentFrame } from '../components/student-frame';
import { StudentLoadFail, StudentRefusal } from '../components/student-refusal';
import { LmsReaderContext } from '../lms-bridge';
import { isRefusal } from '../refusal';
import { useSearchParams } from '../location';
import classes from '../student.module.css';
import { forgetStudentId, forgetStudentToken, keepStudentId, keepStudentToken, keptStudentId, keptStudentToken, validStudentId } from '../student-identity';

/**
 * The unit's reader (the shared renderer, DOMPurify, the vote, feedback and AI cards) is a chunk of its own: fetched at
 * once beside this one, evaluated in a task of its own, so the page's first paint (the loader, the identity form) does
 * not wait for it.
 */
const unitView = import('../components/student-unit-view');
const StudentUnitView = lazy(() => unitView.then((m) => ({ default: m.StudentUnitView })));

export default function StudentLinkPage() {
  return (
    <StudentFrame>
      <StudentLink />
    </StudentFrame>
  );
}

export function StudentLink() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useLink(token);

  if (!token) return <StudentRefusal reason={STUDENT_MSG.noToken} />;
  if (link.isError) {
    return isRefusal(link.error) ? <StudentRefusal reason={link.error.message} /> : <StudentLoadFail onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  if (!link.data) return <Loader label={STUDENT_MSG.loading} />;
  return <Identified token={token} link={link.data} fromLms={validStudentId(params.get(STUDENT_QUERY_PARAM))} />;
}

/**
 * Resolves who the student is (the link's, or a student token for the LMS's, the kept or a typed identifier), then
 * shows the content. A token the server refuses (expired, or of an older secret) is exchanged again once, without asking.
 */
function Identified({ token, link, fromLms }: { token: string; link: VerifiedLink; fromLms: string | null }) {
  const lms = useContext(LmsReaderContext);
  const named = link.studentId !== null;
  // The identifier to exchange without asking: the LMS's (for this visit only: on a shared computer the next student,
  // opening another link of the institution, must not become this one), or the one typed on an earlier visit — also
  // what browsers kept before student tokens existed.
  const [candidate, setCandidate] = useState<string | null>(() => (named ? null : (fromLms ?? keptStudentId(link.sellerId))));
  const [identity, setIdentity] = useState<IdentifyReply | null>(() => {
    if (named || candidate === null) return null;
    return fromLms ? keptStudentToken(token, 'session', fromLms) : keptStudentToken(token, 'local', candidate);
  });
  const [asking, setAsking] = useState(() => !named && candidate === null);
  const refusedOnce = useRef(false);
  const identify = useIdentifyStudent(token, {
    onSuccess: (reply, studentId) => {
      const fromTheLms = fromLms !== null && studentId === fromLms;
      if (!fromTheLms) keepStudentId(link.sellerId, reply.studentId);
      keepStudentToken(token, fromTheLms ? 'session' : 'local', reply);
      // What a refused token is exchanged again for (the student typed it on this visit: nothing was kept before).
      setCandidate(reply.studentId);
      setIdentity(reply);
      setAsking(false);
    },
  });
  const { isPending, mutate } = identify;
  useEffect(() => {
    if (named || identity || asking || isPending || candidate === null) return;
    // A refusal (too many new students from this network, an identifier no longer valid): the student is asked.
    mutate(candidate, { onError: () => setAsking(true) });
  }, [named, identity, asking, isPending, candidate, mutate]);

  if (named) return <LinkContent link={link} credentials={{ token, studentToken: null }} />;
  if (!identity) {
    if (!asking) return <Loader label={STUDENT_MSG.loading} />;
    return <IdentityForm busy={isPending} refusal={identify.error} onSubmit={(id) => identify.mutate(id)} />;
  }
  const tokenRefused = () => {
    forgetStudentToken(token);
    setIdentity(null);
    identify.reset();
    if (refusedOnce.current) setAsking(true);
    refusedOnce.current = true;
  };
  return (
    <div className={classes.stack}>
      <div className={`${classes.rowXs} ${classes.end}`}>
        <p className={`${classes.text} ${classes.sm} ${classes.dimmed}`}>{STUDENT_MSG.identityAs(identity.studentId)}</p>
        {/* Launched by an LMS that names the learner: that is who reads; not to be swapped here. */}
        {!(lms && fromLms) && (
          <TextButton
            onClick={() => {
              forgetStudentId(link.sellerId);
              forgetStudentToken(token);
              identify.reset();
              setCandidate(null);
              setIdentity(null);
              setAsking(true);
            }}
          >
            {STUDENT_MSG.identityChange}
          </TextButton>
        )}
      </div>
      <LinkContent link={link} credentials={{ token, studentToken: identity.token }} onTokenRefused={tokenRefused} />
    </div>
  );
}

function LinkContent({ link, credentials, onTokenRefused }: { link: VerifiedLink; credentials: StudentCredentials; onTokenRefused?: () => void }) {
  const [params, setParams] = useSearchParams();
  const units = link.units;
  if (units.length === 0) {
    return (
      <div className={classes.stack}>
        {link.subject && <h1 className={`${classes.h1} ${classes.titleH2}`}>{link.subject.name}</h1>}
        <p className={`${classes.text} ${classes.dimmed} ${classes.center} ${classes.empty}`}>{STUDENT_MSG.emptySubject}</p>
      </div>
    );
  }
  const asked = Number(params.get('unit'));
  const index = Math.max(
    0,
    units.findIndex((u) => u.itemContentId === asked),
  );
  const current = units[index]!;
  const go = (next: number) => {
    const target = units[next];
    if (!target) return;
    setParams((p) => {
      p.set('unit', String(target.itemContentId));
      return p;
    });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={classes.stack}>
      {link.subject ? (
        <div className={classes.stackXs}>
          <h1 className={`${classes.h1} ${classes.subject}`}>{link.subject.name}</h1>
          {units.length > 1 && (
            <>
              {/* The browser's own list (a phone's picker), not a drawn one: the viewer loads no floating layer. */}
              <SelectField
                label={STUDENT_MSG.subjectUnits}
                options={units.map((u, i) => ({ value: String(u.itemContentId), label: `${i + 1}. ${u.title}` }))}
                value={String(current.itemContentId)}
                onChange={(e) => go(units.findIndex((u) => String(u.itemContentId) === e.currentTarget.value))}
              />
              <div className={classes.unitNav}>
                <Button className={classes.prev} variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={index === 0} onClick={() => go(index - 1)}>
                  {STUDENT_MSG.previousUnit}
                </Button>
                <p className={`${classes.text} ${classes.pos} ${classes.sm} ${classes.dimmed}`} aria-live="polite">
                  {STUDENT_MSG.unitPosition(index + 1, units.length)}
                </p>
                <Button className={classes.next} variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={index === units.length - 1} onClick={() => go(index + 1)}>
                  {STUDENT_MSG.nextUnit}
                </Button>
              </div>
            </>
          )}
        </div>
      ) : (
        <h1 className={basic.srOnly}>{current.title}</h1>
      )}
      <Suspense fallback={<Loader label={STUDENT_MSG.loadingUnit} />}>
        <StudentUnitView
          key={current.itemContentId}
          credentials={credentials}
          unitId={current.itemContentId}
          grades={link.lti?.grades ?? false}
          onTokenRefused={onTokenRefused}
        />
      </Suspense>
    </div>
  );
}
