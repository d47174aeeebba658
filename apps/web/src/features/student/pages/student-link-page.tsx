/**
 * /student/link?token=… (SHARE_LINK_PATH, issue 13): the student viewer, public (no account). The server verifies the
 * link (and does again on every call); a refused link shows its pt-BR reason and no content. A unit link opens its
 * unit; a subject link its units in the subject's order, with a way to move between them (`&unit=` keeps the place).
 * A link that names no student asks once for 'Matrícula ou e-mail' (kept per institution in this browser) unless the
 * LMS appended `&student=`.
 *
 * `StudentLink` is also the LMS page's viewer (LMS_VIEWER_PATH, issue 14: student-lms-page.tsx); there a student the
 * LMS names cannot be swapped.
 */
import { Anchor, Button, Center, Group, Loader, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VerifiedLink } from '@edu/shared/share-links';
import { STUDENT_MSG, STUDENT_QUERY_PARAM } from '@edu/shared/student';
import { WithQuery } from '../../../lib/query';
import { linkQuery, type StudentCredentials } from '../api';
import { IdentityForm } from '../components/identity-form';
import { StudentFrame } from '../components/student-frame';
import { StudentLoadFail, StudentRefusal } from '../components/student-refusal';
import { StudentUnitView } from '../components/student-unit-view';
import { LmsReaderContext } from '../lms-bridge';
import { isRefusal } from '../refusal';
import { forgetStudentId, keepStudentId, keptStudentId, validStudentId } from '../student-identity';

export default function StudentLinkPage() {
  return (
    <WithQuery>
      <StudentFrame>
        <StudentLink />
      </StudentFrame>
    </WithQuery>
  );
}

export function StudentLink() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useQuery({ ...linkQuery(token), enabled: token !== '' });

  if (!token) return <StudentRefusal reason={STUDENT_MSG.noToken} />;
  if (link.isError) {
    return isRefusal(link.error) ? <StudentRefusal reason={link.error.message} /> : <StudentLoadFail onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  if (!link.data) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={STUDENT_MSG.loading}>
        <Loader />
      </Center>
    );
  }
  return <Identified token={token} link={link.data} fromLms={validStudentId(params.get(STUDENT_QUERY_PARAM))} />;
}

/** Resolves who the student is (the link's, the LMS's, the kept or a typed identifier), then shows the content. */
function Identified({ token, link, fromLms }: { token: string; link: VerifiedLink; fromLms: string | null }) {
  const lms = useContext(LmsReaderContext);
  const named = link.studentId !== null;
  // The LMS's parameter names the student for this visit only: on a shared computer the next student, opening another
  // link of the institution, must not become this one. Only what a student typed is kept in the browser.
  const [studentId, setStudentId] = useState<string | null>(() => (named ? null : (fromLms ?? keptStudentId(link.sellerId))));

  if (!named && !studentId) {
    return (
      <IdentityForm
        onSubmit={(id) => {
          keepStudentId(link.sellerId, id);
          setStudentId(id);
        }}
      />
    );
  }
  const credentials: StudentCredentials = { token, studentId: named ? null : studentId };
  return (
    <Stack gap="md">
      {!named && studentId && (
        <Group gap="xs" justify="flex-end">
          <Text size="sm" c="dimmed">
            {STUDENT_MSG.identityAs(studentId)}
          </Text>
          {/* Launched by an LMS that names the learner (issue 14): that is who reads; not to be swapped here. */}
          {!(lms && fromLms) && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                forgetStudentId(link.sellerId);
                setStudentId(null);
              }}
            >
              {STUDENT_MSG.identityChange}
            </Anchor>
          )}
        </Group>
      )}
      <LinkContent link={link} credentials={credentials} />
    </Stack>
  );
}

function LinkContent({ link, credentials }: { link: VerifiedLink; credentials: StudentCredentials }) {
  const [params, setParams] = useSearchParams();
  const units = link.units;
  if (units.length === 0) {
    return (
      <Stack>
        {link.subject && (
          <Title order={1} fz="h2">
            {link.subject.name}
          </Title>
        )}
        <Text c="dimmed" ta="center" py="xl">
          {STUDENT_MSG.emptySubject}
        </Text>
      </Stack>
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
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        p.set('unit', String(target.itemContentId));
        return p;
      },
      { replace: false },
    );
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="md">
      {link.subject ? (
        <Stack gap="xs">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {link.subject.name}
          </Title>
          {units.length > 1 && (
            <>
              <Select
                label={STUDENT_MSG.subjectUnits}
                data={units.map((u, i) => ({ value: String(u.itemContentId), label: `${i + 1}. ${u.title}` }))}
                value={String(current.itemContentId)}
                onChange={(v) => go(units.findIndex((u) => String(u.itemContentId) === v))}
                allowDeselect={false}
                checkIconPosition="right"
              />
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={index === 0} onClick={() => go(index - 1)}>
                  {STUDENT_MSG.previousUnit}
                </Button>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {STUDENT_MSG.unitPosition(index + 1, units.length)}
                </Text>
                <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={index === units.length - 1} onClick={() => go(index + 1)}>
                  {STUDENT_MSG.nextUnit}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      ) : (
        <VisuallyHidden>
          <h1>{current.title}</h1>
        </VisuallyHidden>
      )}
      <StudentUnitView key={current.itemContentId} credentials={credentials} unitId={current.itemContentId} grades={link.lti?.grades ?? false} />
    </Stack>
  );
}
