/**
 * A multiple-choice activity (spec 2 §2.4, §4.4): nothing chosen → chosen → after 'Responder' the
 * answer is marked correct or incorrect, the right option is highlighted and the chosen option's
 * feedback appears. Options are lettered a), b), c)… Native radios: arrow keys move between options,
 * Space picks one; the result is announced (aria-live).
 */
import { IconCheck, IconX } from '@tabler/icons-react';
import { createContext, useContext, useId, useState } from 'react';
import type { QuestionResource } from '@edu/shared/content/unit-content';
import { questionKey } from '@edu/shared/content/unit-questions';
import { Button } from '../basic/button';
import { Badge } from '../basic/feedback';
import basic from '../basic/basic.module.css';
import { ResourceRichText } from './rich-text';
import { headingTag, PageHeadingLevelContext } from './heading-level';
import { optionLetter } from './unit-html';
import classes from './unit-content.module.css';

export const QUESTION_TEXT = {
  answer: 'Responder',
  correct: 'Resposta correta!',
  incorrect: 'Resposta incorreta.',
  rightOption: 'Alternativa correta',
  yourAnswer: 'Sua resposta',
  options: 'Alternativas',
  fallbackTitle: 'Questão',
} as const;

/**
 * One answer given with 'Responder': `key` names the question (`questionKey`: the same on every page visit and on the
 * server), `option` the option chosen, `correct` its result.
 */
export interface QuestionAnswer {
  key: string;
  option: string;
  correct: boolean;
}
/**
 * Told of each answer given in the reader below it (optional): the student viewer counts the right ones. The check
 * itself stays here, in the browser, as the renderer has always done it.
 */
export const QuestionAnswerContext = createContext<((answer: QuestionAnswer) => void) | null>(null);

export function QuestionBlock({ question }: { question: QuestionResource }) {
  const id = useId();
  const onAnswer = useContext(QuestionAnswerContext);
  const Title = headingTag(useContext(PageHeadingLevelContext) + 1);
  const [chosen, setChosen] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);
  const chosenOption = question.options.find((o) => o.id === chosen);
  const correct = answered && chosen === question.right;

  return (
    <section className={`${classes.resource} ${classes.question}`} aria-labelledby={`${id}-title`} data-resource-kind="question">
      <Title id={`${id}-title`} className={classes.questionTitle}>
        {question.title || QUESTION_TEXT.fallbackTitle}
      </Title>
      <ResourceRichText html={question.content} />
      <fieldset className={basic.fieldset} role="radiogroup" aria-labelledby={`${id}-options-label`}>
        <legend className={basic.srOnly} id={`${id}-options-label`}>
          {QUESTION_TEXT.options}
        </legend>
        <div className={classes.options} data-answered={answered || undefined}>
          {question.options.map((option, index) => {
            const isRight = answered && option.id === question.right;
            const isWrong = answered && option.id === chosen && !isRight;
            return (
              <div key={option.id} className={classes.option} data-state={isRight ? 'right' : isWrong ? 'wrong' : undefined} data-option={optionLetter(index)}>
                <label className={classes.optionBody}>
                  <input
                    type="radio"
                    className={`${basic.radioInput} ${classes.optionRadio}`}
                    name={`${id}-options`}
                    value={option.id}
                    checked={chosen === option.id}
                    // Answered: the choice stays (read-only, as the result refers to it).
                    onChange={() => {
                      if (!answered) setChosen(option.id);
                    }}
                    aria-readonly={answered || undefined}
                    data-color={isRight ? 'green' : isWrong ? 'red' : undefined}
                  />
                  <span className={classes.optionLabelBox}>
                    <span className={classes.optionLabel}>
                      <span className={classes.optionLetter}>{optionLetter(index)})</span>
                      <span>{option.title}</span>
                      {isRight && (
                        <Badge color="green" icon={<IconCheck size={12} aria-hidden />}>
                          {QUESTION_TEXT.rightOption}
                        </Badge>
                      )}
                      {isWrong && (
                        <Badge color="red" icon={<IconX size={12} aria-hidden />}>
                          {QUESTION_TEXT.yourAnswer}
                        </Badge>
                      )}
                    </span>
                  </span>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className={classes.answerBar}>
        <Button
          onClick={() => {
            setAnswered(true);
            if (chosen) onAnswer?.({ key: questionKey(question), option: chosen, correct: chosen === question.right });
          }}
          disabled={!chosen || answered}
        >
          {QUESTION_TEXT.answer}
        </Button>
      </div>
      <div aria-live="polite">
        {answered && chosenOption && (
          <div className={classes.result} data-correct={String(correct)} data-testid="question-result">
            <p className={classes.resultTitle}>
              {correct ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
              {correct ? QUESTION_TEXT.correct : QUESTION_TEXT.incorrect}
            </p>
            <p className={classes.feedback}>{chosenOption.description}</p>
          </div>
        )}
      </div>
    </section>
  );
}
