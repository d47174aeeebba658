/** THE renderer of unit content (spec 2 §2.4, §3): every view of a unit uses these. */
export { UnitContent, UNIT_TEXT, unitPages, type UnitContentProps } from './unit-content';
export { TopicContent, type TopicContentProps } from './topic-content';
export { ResourceView, RESOURCE_TEXT, type ResourceViewProps } from './resource-view';
export { QuestionBlock, QUESTION_TEXT, QuestionAnswerContext, type QuestionAnswer } from './question-block';
export { splitUnitHtml, type UnitSegment } from './unit-html';
