import { type RefObject, useEffect } from 'react';
import { type StageShow, showForResult } from './stage-show.ts';

/** Brings the stage fully into view (a phone scrolls to it; a desktop already shows it). */
function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const rect = element.getBoundingClientRect();
  if (rect.top >= 0 && rect.bottom <= window.innerHeight) return;
  element.scrollIntoView({ block: rect.height > window.innerHeight ? 'start' : 'center' });
}

/**
 * A run starting brings its progress into view, a run ending its result (phones scroll), and
 * the stage turns to that result.
 */
export function useStageFollowsRun(
  stageRef: RefObject<HTMLElement | null>,
  processing: boolean,
  result: { outputs: readonly unknown[] } | null,
  setShow: (show: StageShow) => void,
) {
  useEffect(() => {
    if (processing) bringIntoView(stageRef.current);
  }, [processing, stageRef]);
  useEffect(() => {
    if (!result) return;
    setShow(showForResult(result.outputs.length));
    bringIntoView(stageRef.current);
  }, [result, setShow, stageRef]);
}
