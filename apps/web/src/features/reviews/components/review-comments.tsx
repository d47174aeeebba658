/**
 * The comments box of a review (spec 2 §2.5, §2.7, §9): oldest first, scrolled to the bottom once
 * loaded; the input sends on Enter or by the button; an empty comment is not sent. Dates read 'hoje',
 * 'ontem' or day and month (São Paulo calendar).
 */
import { ActionIcon, Avatar, Card, Group, Loader, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatCommentDate } from '@edu/shared/format';
import { REVIEW_MSG } from '@edu/shared/reviews';
import { toastError } from '../../../lib/toast';
import { commentsQuery, usePostComment } from '../api';

export const REVIEW_COMMENTS_TEXT = {
  title: 'Comentários',
  empty: 'Nenhum comentário ainda.',
  placeholder: 'Escreva um comentário',
  send: 'Enviar comentário',
  loadFail: 'Não foi possível carregar os comentários.',
} as const;

export function ReviewComments({ reviewId, itemId, canPost = true }: { reviewId: number; itemId: number; canPost?: boolean }) {
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const comments = useQuery(commentsQuery(reviewId));
  const post = usePostComment({
    onSuccess: () => setText(''),
    onError: () => toastError(REVIEW_MSG.listFail),
  });

  const count = comments.data?.length ?? 0;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [count]);

  const send = () => {
    const comment = text.trim();
    if (!comment || post.isPending) return;
    post.mutate({ comment, reviewId, itemId });
  };
  const now = new Date();

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">{REVIEW_COMMENTS_TEXT.title}</Title>
        <ScrollArea.Autosize mah={360} type="auto" viewportRef={viewport}>
          {comments.isPending ? (
            <Loader size="sm" />
          ) : comments.isError ? (
            <Text size="sm" c="red">
              {REVIEW_COMMENTS_TEXT.loadFail}
            </Text>
          ) : count === 0 ? (
            <Text size="sm" c="dimmed">
              {REVIEW_COMMENTS_TEXT.empty}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={REVIEW_COMMENTS_TEXT.title}>
              {comments.data.map((c) => (
                <Group key={c.id} component="li" gap="sm" align="flex-start" wrap="nowrap">
                  <Avatar src={c.author.avatar} alt="" radius="xl" size="sm" name={c.author.name} color="initials" />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {c.author.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatCommentDate(c.createdAt, now)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {c.comment}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        {canPost && (
          <TextInput
            aria-label={REVIEW_COMMENTS_TEXT.placeholder}
            placeholder={REVIEW_COMMENTS_TEXT.placeholder}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            rightSection={
              <ActionIcon variant="subtle" aria-label={REVIEW_COMMENTS_TEXT.send} onClick={send} loading={post.isPending} disabled={!text.trim()}>
                <IconSend size={16} aria-hidden />
              </ActionIcon>
            }
          />
        )}
      </Stack>
    </Card>
  );
}
