/**
 * The studio (spec 2 §2.8, §4.5, §5, §8): a full-screen editor with its own top bar ('SALVAR', 'Sair'),
 * four steps with 'Voltar' and 'Avançar' (the last step's button is 'Cadastrar' when creating and
 * 'Salvar' when editing) and the live preview on the right (a drawer behind 'Pré-visualizar' on screens
 * narrower than 1200 px).
 *
 * Saving: the title is required on every save, the synthesis when editing (the first failing step is
 * shown). 'SALVAR' stays in the studio (after the first save of a new unit the address becomes
 * /studio/{id}); the last step's button goes back to Minhas Unidades. A published unit is saved as a new
 * version after the author says what is being updated; its editor then leaves for Minhas Unidades (the
 * new version is in analysis and cannot be edited). A save from a stale tab gets the server's 409
 * message and an offer to reload the unit.
 *
 * The author's work is kept: once the unit exists, a draft (or a unit in correction) saves itself a few seconds after
 * the last change when it is valid enough to save, with no toast (the top bar says 'Salvando…', 'Salvo às 14:32' or
 * 'Alterações não salvas'); a status whose save is not a plain save (a published unit's update asks what is being
 * updated; a reproved unit saved becomes a draft) is saved only by the author. Ctrl+S (⌘S) is 'SALVAR'. Closing the
 * tab or leaving the studio with unsaved changes asks first. Saves run one at a time, each with the revision the
 * previous one answered.
 */
import { useForm } from '@mantine/form';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { Affix, Box, Button, Group, ScrollArea, Skeleton, Stack, Stepper } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isExternalImageSrc } from '@edu/shared/content/html-allow-list';
import { externalImagesOf } from '@edu/shared/content/unit-content';
import type { UnitContent, UnitStatus } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { OnceOpened } from '../../../ui/lazy-dialog';
import { PageLoader } from '../../../ui/page-loader';
import { UploadProgress } from '../../galleries';
import { knowledgeQuery, levelsQuery } from '../../units';
import { createUnit, findUnit, updateUnit } from '../api';
import { STUDIO_MSG } from '../messages';
import { autosaves, bodyOf, emptyValues, firstErrorStep, LAST_STEP, STEPS, validate, valuesOf, type StudioValues } from '../model';
import { StepIntroduction } from './step-introduction';
import { StepSynthesis } from './step-synthesis';
import { StepUnit } from './step-unit';
import { StudioNotices } from './studio-notices';
import { StudioTopBar } from './studio-top-bar';
import { previewPageOf } from './preview-page';
import { saveStatusText } from './save-status';
import { useAutosave } from './use-autosave';
import { useEditorImageUpload } from './use-editor-upload';
import { useLeaveGuard } from './use-leave-guard';

/** A unit in these statuses is with the reviewers or in the trash: the server refuses edits. */
const LOCKED: readonly UnitStatus[] = ['send', 'analyze', 'deleted'];
// The topics step and the resources panel bring Tiptap (the resource blocks): loaded when used.
const StepContent = lazy(() => import('./step-content').then((m) => ({ default: m.StepContent })));
const ResourcesPanel = lazy(() => import('../resources/resources-panel').then((m) => ({ default: m.ResourcesPanel })));
// The live preview (the unit reader, its sanitizer and the content parsers) does not hold up the form: beside it on wide
// screens it follows at once; on narrower ones it loads when 'Pré-visualizar' opens its drawer.
const loadPreview = () => import('./unit-preview');
const loadPreviewDrawer = () => import('./preview-drawer');
const UnitPreview = lazy(() => loadPreview().then((m) => ({ default: m.UnitPreview })));
const PreviewDrawer = lazy(() => loadPreviewDrawer().then((m) => ({ default: m.PreviewDrawer })));
// Asked only when a published unit is saved.
const UpdateReasonModal = lazy(() => import('./update-reason-modal').then((m) => ({ default: m.UpdateReasonModal })));
const MY_UNITS = '/dashboard/my-units';
const PREVIEW_BREAKPOINT = '(min-width: 75em)'; // 1200 px

type SaveMode = 'save' | 'finish';

export interface StudioEditorProps {
  providerId: number | null;
  /** The unit being edited; null for a new unit. */
  initial: UnitContent | null;
  /** A new unit was saved for the first time (the page moves to /studio/{id}). */
  onCreated(unit: UnitContent): void;
}

const snapshot = (v: StudioValues) => JSON.stringify(bodyOf(v));

/** The body holds an image of another site (an <img>, a Figura, the cover), which the save imports into /uploads/. */
const holdsExternalImage = (body: ReturnType<typeof bodyOf>) =>
  isExternalImageSrc(body.mediaUrl ?? '') ||
  [body.introduction, body.synthesis, ...(body.topics ?? []).map((t) => t.content)].some((html) => externalImagesOf(html ?? '').length > 0);

export function StudioEditor({ providerId, initial, onCreated }: StudioEditorProps) {
  const navigate = useNavigate();
  const wide = useMediaQuery(PREVIEW_BREAKPOINT, true);
  const form = useForm<StudioValues>({ mode: 'controlled', initialValues: initial ? valuesOf(initial) : emptyValues() });
  const [unit, setUnitState] = useState<UnitContent | null>(initial);
  // The unit as last answered, for saves queued behind another one (they send its revision).
  const unitRef = useRef(unit);
  const setUnit = (next: UnitContent) => {
    unitRef.current = next;
    setUnitState(next);
  };
  // What the server holds (the body last saved or loaded), as a snapshot of the body.
  const saved = useRef(snapshot(form.values));
  const [, setSavedVersion] = useState(0);
  const markSaved = (snap: string) => {
    saved.current = snap;
    setSavedVersion((n) => n + 1);
  };
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(initial ? new Date(initial.updatedAt) : null);
  const [autoError, setAutoError] = useState<string | null>(null);
  /** The server now holds `snap` (saved at `at`): the status says so and forgets an earlier autosave failure. */
  const recordSaved = (snap: string, at: Date) => {
    markSaved(snap);
    setAutoError(null);
    setLastSavedAt(at);
  };
  // Saves run one after another (an autosave under way, then 'SALVAR'); `running` counts those queued or running.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [running, setRunning] = useState(0);
  const [step, setStep] = useState(0);
  const [activeTopic, setActiveTopic] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [reasonFor, setReasonFor] = useState<SaveMode | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [topicEditor, setTopicEditor] = useState<Editor | null>(null);
  const [resourcesOpen, setResourcesOpen] = useState(false);
  const areas = useQuery(knowledgeQuery);
  const levels = useQuery(levelsQuery);
  const editorUpload = useEditorImageUpload(providerId);
  const uploadImage = editorUpload.upload;

  const editing = unit !== null;
  const locked = unit !== null && LOCKED.includes(unit.status);
  const topics = form.values.topics;

  useEffect(() => {
    if (areas.isError) toastError(STUDIO_MSG.loadFail, STUDIO_MSG.errorTitle);
  }, [areas.isError]);

  const viewport = useRef<HTMLDivElement>(null);
  const goTo = (next: number) => setStep(Math.max(0, Math.min(LAST_STEP, next)));
  // Each step starts at its top.
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
  }, [step]);

  const current = snapshot(form.values);
  const dirty = current !== saved.current;
  const autosaving = unit !== null && autosaves(unit.status) && !locked && stale === null;
  // Why the changes cannot save themselves now (the first check that fails, e.g. the synthesis missing).
  const blockedBy = autosaving && dirty ? (Object.values(validate(form.values, true))[0] ?? null) : null;
  const canAutosave = autosaving && dirty && reasonFor === null && blockedBy === null;
  const statusError = autoError ?? (blockedBy ? `${STUDIO_MSG.unsavedBecause} ${blockedBy}` : null);

  /** Runs `task` after the saves before it. */
  function enqueue(task: () => Promise<void>) {
    setRunning((n) => n + 1);
    const next = queue.current.then(task).finally(() => setRunning((n) => n - 1));
    queue.current = next.catch(() => undefined);
    return next;
  }

  function requestSave(mode: SaveMode) {
    if (saving || locked || reasonFor !== null) return;
    const errors = validate(form.getValues(), editing);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      goTo(firstErrorStep(errors));
      return;
    }
    if (unit?.status === 'publish') setReasonFor(mode);
    else void save(mode);
  }

  useAutosave(current, canAutosave, () => void enqueue(() => autosave()));
  // Ctrl+S (⌘S) is 'SALVAR' anywhere in the page, fields and editors included, instead of the browser's 'Save page'.
  useHotkeys([['mod+S', (e) => !e.repeat && requestSave('save')]], [], true);
  useLeaveGuard(
    () => snapshot(form.getValues()) !== saved.current,
    !locked,
    // The first save of a new unit moves the studio to the unit's address: the same editor.
    (path) => unitRef.current !== null && path === `/studio/${unitRef.current.id}`,
  );

  /** A draft saved by itself: nothing if it changed nothing or cannot be saved as a plain draft now; no toast. */
  async function autosave() {
    const target = unitRef.current;
    const values = form.getValues();
    const body = bodyOf(values);
    const snap = JSON.stringify(body);
    if (!target || !autosaves(target.status) || snap === saved.current || Object.keys(validate(values, true)).length > 0) return;
    try {
      const result = await updateUnit({ ...body, id: target.id, revision: target.revision });
      recordSaved(snap, new Date());
      takeImported(body, result);
      setUnit(result);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STALE_UNIT') setStale(err.message);
      else if (err instanceof ApiError && [400, 403, 404, 409].includes(err.status)) setAutoError(`Não salvo automaticamente: ${err.message}`);
      else setAutoError(STUDIO_MSG.autosaveFail);
    }
  }

  /** The save imported external images (their /uploads/ addresses now): the editor takes the stored content, unless the author typed meanwhile. */
  function takeImported(body: ReturnType<typeof bodyOf>, result: UnitContent) {
    if (!holdsExternalImage(body) || snapshot(form.getValues()) !== saved.current) return;
    const values = valuesOf(result);
    form.setValues(values);
    form.resetDirty(values);
    markSaved(snapshot(values));
  }

  function save(mode: SaveMode, updateMessage?: string) {
    setSaving(true);
    return enqueue(() => saveNow(mode, updateMessage)).finally(() => setSaving(false));
  }

  async function saveNow(mode: SaveMode, updateMessage?: string) {
    const unit = unitRef.current;
    const body = bodyOf(form.getValues());
    const wasPublished = unit?.status === 'publish';
    try {
      const result = unit ? await updateUnit({ ...body, id: unit.id, revision: unit.revision, ...(updateMessage ? { updateMessage } : {}) }) : await createUnit(body);
      recordSaved(JSON.stringify(body), new Date());
      setReasonFor(null);
      if (wasPublished || mode === 'finish') {
        // A published unit's update is a new version in analysis: nothing left to edit here.
        toastSuccess(mode === 'save' ? STUDIO_MSG.saved : unit ? STUDIO_MSG.updated : STUDIO_MSG.created, STUDIO_MSG.successTitle);
        navigate(MY_UNITS);
        return;
      }
      // The editor stays open: the toast goes bottom-right, clear of 'Salvar' and 'Sair' in the top bar.
      toastSuccess(STUDIO_MSG.saved, STUDIO_MSG.successTitle, { position: 'bottom-right' });
      takeImported(body, result);
      setUnit(result);
      if (!unit) onCreated(result);
    } catch (err) {
      setReasonFor(null);
      if (err instanceof ApiError && err.code === 'STALE_UNIT') {
        setStale(err.message);
      } else if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
        form.setErrors(err.fields);
        goTo(firstErrorStep(err.fields));
        toastError(err.message, STUDIO_MSG.errorTitle);
      } else if (err instanceof ApiError && [400, 403, 404, 409].includes(err.status)) {
        toastError(err.message, STUDIO_MSG.errorTitle);
      } else {
        toastError(STUDIO_MSG.saveFail, STUDIO_MSG.errorTitle);
      }
    }
  }

  async function reload() {
    if (!unit) return;
    setReloading(true);
    try {
      const fresh = await findUnit(unit.id);
      const values = valuesOf(fresh);
      form.setValues(values);
      form.clearErrors();
      form.resetDirty(values);
      recordSaved(snapshot(values), new Date(fresh.updatedAt));
      setUnit(fresh);
      setActiveTopic(0);
      setStale(null);
    } catch {
      toastError(STUDIO_MSG.loadFail, STUDIO_MSG.errorTitle);
    } finally {
      setReloading(false);
    }
  }

  // Unsaved changes: the leave guard asks first.
  const leave = () => navigate(MY_UNITS);

  const previewPage = previewPageOf(step, activeTopic, topics.length);

  return (
    <Box style={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <StudioTopBar
        unit={unit}
        title={form.values.title}
        wide={wide}
        saving={saving && reasonFor === null}
        locked={locked}
        saveStatus={saveStatusText({ saving: running > 0, dirty, error: statusError, lastSavedAt })}
        saveStatusAlert={dirty && statusError !== null}
        onPreview={() => {
          // The drawer and the reader load together.
          void Promise.all([loadPreviewDrawer(), loadPreview()]);
          setPreviewOpen(true);
        }}
        onSave={() => requestSave('save')}
        onLeave={leave}
      />

      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <ScrollArea component="main" style={{ flex: 1 }} type="auto" offsetScrollbars viewportRef={viewport}>
          <Stack gap="lg" p="lg" maw={1100} mx="auto">
            <StudioNotices unit={unit} locked={locked} stale={stale} reloading={reloading} onReload={reload} />

            <Stepper active={step} onStepClick={goTo} allowNextStepsSelect size="sm">
              {STEPS.map((label) => (
                <Stepper.Step key={label} label={label} />
              ))}
            </Stepper>

            <Box component="section" aria-label={STEPS[step]}>
              <Suspense fallback={<PageLoader />}>
                {step === 0 && <StepUnit form={form} providerId={providerId} areas={areas.data} areasError={areas.isError} levels={levels.data} />}
                {step === 1 && <StepIntroduction form={form} onUploadImage={uploadImage} />}
                {step === 2 && (
                  <StepContent
                    form={form}
                    active={activeTopic}
                    onActiveChange={setActiveTopic}
                    onUploadImage={uploadImage}
                    onEditorReady={setTopicEditor}
                    onOpenResources={() => setResourcesOpen(true)}
                  />
                )}
                {step === 3 && <StepSynthesis form={form} editing={editing} onUploadImage={uploadImage} />}
              </Suspense>
            </Box>

            <Group justify="space-between">
              <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0}>
                Voltar
              </Button>
              {step < LAST_STEP ? (
                <Button onClick={() => goTo(step + 1)}>Avançar</Button>
              ) : (
                <Button onClick={() => requestSave('finish')} loading={saving && reasonFor === null} disabled={locked}>
                  {editing ? 'Salvar' : 'Cadastrar'}
                </Button>
              )}
            </Group>
          </Stack>
        </ScrollArea>

        {wide && (
          <ScrollArea component="aside" aria-label="Pré-visualização da unidade" w="42%" type="auto" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}>
            <Box p="md">
              <Suspense fallback={<PreviewLoading />}>
                <UnitPreview values={form.values} page={previewPage} />
              </Suspense>
            </Box>
          </ScrollArea>
        )}
      </Box>

      {!wide && (
        <OnceOpened open={previewOpen}>
          <PreviewDrawer opened={previewOpen} onClose={() => setPreviewOpen(false)}>
            <Suspense fallback={<PreviewLoading />}>
              <UnitPreview values={form.values} page={previewPage} caption={false} />
            </Suspense>
          </PreviewDrawer>
        </OnceOpened>
      )}

      {step === 2 && (
        <Suspense fallback={null}>
          <ResourcesPanel editor={topicEditor} opened={resourcesOpen} onClose={() => setResourcesOpen(false)} providerId={providerId} />
        </Suspense>
      )}

      {editorUpload.progress && (
        <Affix position={{ bottom: 16, left: 16 }} w={360} maw="calc(100vw - 32px)" zIndex={300}>
          <UploadProgress progress={editorUpload.progress} onCancel={editorUpload.cancel} />
        </Affix>
      )}

      <OnceOpened open={reasonFor !== null}>
        <UpdateReasonModal
          opened={reasonFor !== null}
          saving={saving}
          onCancel={() => setReasonFor(null)}
          onConfirm={(message) => reasonFor && void save(reasonFor, message)}
        />
      </OnceOpened>
    </Box>
  );
}

/** The preview's place while the reader loads: its caption and a cover-sized block, so the pane does not jump. */
function PreviewLoading() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando pré-visualização">
      <Skeleton h={12} w={120} />
      <Skeleton h={220} radius="md" />
      <Skeleton h={14} />
      <Skeleton h={14} w="80%" />
    </Stack>
  );
}
