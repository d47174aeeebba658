/**
 * One stored unit HTML (introduction, synthesis or a topic's content) rendered: runs of rich text
 * (with Latex typeset by KaTeX) and resource blocks (ResourceView), in document order.
 */
import { useMemo } from 'react';
import { ResourceView } from './resource-view';
import { UnitRichText } from './rich-text';
import { splitUnitHtml } from './unit-html';
import classes from './unit-content.module.css';

export interface TopicContentProps {
  /** Stored unit HTML (sanitized by the server with the unit allow-list). */
  html: string;
}

export function TopicContent({ html }: TopicContentProps) {
  const segments = useMemo(() => splitUnitHtml(html), [html]);
  return (
    <div className={classes.topic} data-testid="topic-content">
      {segments.map((segment, index) =>
        segment.kind === 'html' ? (
          <UnitRichText key={index} html={segment.html} />
        ) : (
          <ResourceView key={index} type={segment.type} subtype={segment.subtype} resource={segment.resource} />
        ),
      )}
    </div>
  );
}
