import { Alert, AspectRatio, Box, Button, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconVideoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@edu/shared/messages';
import { WithQuery } from '../../../lib/query';
import { PublicPage } from '../components/public-page';
import { usePublicConfig } from '../api';

/** /docs/lms/key_generator (spec 1 §2.1): how to generate the LMS key, with an autoplaying, looping video. */
export default function LmsKeyTutorialPage() {
  return (
    <WithQuery>
      <PublicPage width={860}>
        <Stack>
          <Title order={1} fz="h2">
            Como gerar a chave LMS
          </Title>
          <Text>
            A chave LMS conecta o LMS da sua instituição à plataforma Saber Compartilhado. Veja no vídeo como gerá-la e siga os passos
            abaixo.
          </Text>
          <TutorialVideo />
          <List type="ordered" spacing="xs">
            <List.Item>Acesse a página de geração de chave LMS.</List.Item>
            <List.Item>Entre com o e-mail e a senha do usuário da sua instituição e clique em Entrar.</List.Item>
            <List.Item>Clique em “Gerar chave LMS” e confirme.</List.Item>
            <List.Item>Copie a chave exibida: ela é mostrada uma única vez.</List.Item>
            <List.Item>Informe a chave na integração do seu LMS e vincule novamente as unidades às suas disciplinas.</List.Item>
          </List>
          <Alert color="yellow" title="Atenção">
            Ao gerar uma nova chave, a chave anterior é excluída e todas as unidades vinculadas a ela são desvinculadas.
          </Alert>
          <Box>
            <Button component={Link} to="/lms-key" leftSection={<IconKey size={18} />}>
              Gerar chave LMS
            </Button>
          </Box>
        </Stack>
      </PublicPage>
    </WithQuery>
  );
}

/** A YouTube link becomes a muted, looping embed; anything else plays in a <video>. */
function youtubeId(url: string): string | null {
  const m = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([A-Za-z0-9_-]{6,20})/.exec(url);
  return m ? m[1]! : null;
}

function TutorialVideo() {
  const config = usePublicConfig();
  if (config.isPending) return <Skeleton h={360} radius="md" />;
  const url = config.data?.lmsTutorialVideoUrl;
  if (!url) {
    return (
      <Alert color="blue" icon={<IconVideoOff aria-hidden />} title={MSG.lmsVideoNotConfiguredTitle} role="status">
        {MSG.lmsVideoNotConfigured}
      </Alert>
    );
  }
  const id = youtubeId(url);
  return (
    <AspectRatio ratio={16 / 9}>
      {id ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&loop=1&playlist=${id}&rel=0`}
          title="Tutorial: como gerar a chave LMS"
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          style={{ border: 0, borderRadius: 8 }}
        />
      ) : (
        <video src={url} autoPlay loop muted playsInline controls aria-label="Tutorial: como gerar a chave LMS" style={{ borderRadius: 8, background: '#000' }} />
      )}
    </AspectRatio>
  );
}
