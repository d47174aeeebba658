/** The preview's page for a step (steps 1–2: the introduction page, step 3: the topic being edited, step 4: the last page). */
export function previewPageOf(step: number, activeTopic: number, topicCount: number): number {
  if (step <= 1) return 0;
  if (step === 2) return Math.min(activeTopic, topicCount - 1) + 1;
  return topicCount + 1;
}
