/**
 * A "predict" moment: the question and its choices, as buttons. Picking one reveals the outcome
 * (the stage moves the cursor to the prediction's reveal moment) and says whether the answer was
 * right, with the explanation; another choice can be picked at any time, and Back returns to the
 * unanswered question.
 */
import { useId } from 'react'
import type { Prediction } from './chapters'

export function Predict({
  prediction,
  answer,
  onAnswer,
}: {
  prediction: Prediction
  answer: number | null
  onAnswer: (choice: number) => void
}) {
  const questionId = `fl-tour-predict-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const chosen = answer === null ? undefined : prediction.choices[answer]
  const correct = prediction.choices.find((c) => c.correct)
  return (
    <section
      className={`fl-tour-predict${chosen === undefined ? '' : ' is-revealed'}`}
      aria-labelledby={questionId}
    >
      <h3 className="fl-tour-predict-question" id={questionId}>
        <span className="fl-tour-predict-kicker">Predict</span> {prediction.question}
      </h3>
      <div className="fl-tour-choices" role="group" aria-labelledby={questionId}>
        {prediction.choices.map((choice, i) => {
          const mark =
            chosen === undefined
              ? ''
              : choice.correct
                ? ' is-correct'
                : i === answer
                  ? ' is-wrong'
                  : ''
          return (
            <button
              key={choice.label}
              type="button"
              className={`fl-tour-choice${mark}`}
              aria-pressed={answer === i}
              onClick={() => onAnswer(i)}
            >
              <span className="fl-tour-choice-mark" aria-hidden="true">
                {chosen === undefined ? '' : choice.correct ? '✓' : i === answer ? '✗' : ''}
              </span>
              <span>{choice.label}</span>
            </button>
          )
        })}
      </div>
      <div className="fl-tour-outcome" aria-live="polite">
        {chosen === undefined ? (
          <p className="fl-hint">
            Pick an answer to see what happens, or press Next to skip ahead.
          </p>
        ) : chosen.correct ? (
          <p className="fl-tour-verdict fl-tour-verdict--right">
            <strong>Right.</strong> {chosen.explanation}
          </p>
        ) : (
          <>
            <p className="fl-tour-verdict fl-tour-verdict--wrong">
              <strong>Not quite.</strong> {chosen.explanation}
            </p>
            {correct !== undefined && (
              <p className="fl-tour-verdict">
                <strong>What happens:</strong> {correct.label}. {correct.explanation}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  )
}
