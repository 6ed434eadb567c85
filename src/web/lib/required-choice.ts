import { useId, useRef, useState, type FormEvent } from 'react';

/**
 * A radio choice a dialog must not confirm without: submitting with nothing chosen marks it missing
 * (the dialog shows its message under `errorId`) and puts the focus on the first option.
 */
export function useRequiredChoice<T>(onConfirm: (choice: T) => void, busy = false) {
  const [choice, setChoice] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const name = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (choice === null) {
      setMissing(true);
      firstRef.current?.focus();
      return;
    }
    onConfirm(choice);
  };
  const choose = (value: T) => {
    setChoice(value);
    setMissing(false);
  };
  return { choice, choose, missing, firstRef, name, errorId, submit };
}
