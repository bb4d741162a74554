import { Spinner } from '@fluentui/react-components';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { deepEqual } from '../../../domain/permits/yContent';
import type { Webform } from './formio';

type Data = Record<string, unknown>;

/** One field's error, for the error panel (SPEC §5). */
export interface FieldError {
  /** The data path (`gasTests[0].O2`); its first segment is the top-level key. */
  path: string;
  message: string;
  focus(): void;
}

export interface FormioHandle {
  /** Validates as a submit does, shows the errors on the fields and returns them. */
  validate(): FieldError[];
  /** Shows content that changed elsewhere (a pulled edit); unchanged values are left alone, so typing goes on. */
  merge(data: Data): void;
}

interface Props {
  form: Data;
  /** The values the form opens with; later changes come through merge(). */
  initialData: Data;
  readOnly: boolean;
  /** Called with the whole sub-form's data after each change the user makes. */
  onChange(data: Data): void;
  handle?: Ref<FormioHandle>;
}

/** A Form.io form inside React: created once per form definition, destroyed on unmount. */
export function FormioForm({ form, initialData, readOnly, onChange, handle }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<Webform | null>(null);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  const initial = useRef(initialData);
  // Refreshed before the creating effect runs: a form rebuilt for a new state opens with the latest values.
  useEffect(() => {
    onChangeRef.current = onChange;
    initial.current = initialData;
  }, [onChange, initialData]);

  useEffect(() => {
    let cancelled = false;
    let created: Webform | null = null;
    // Form.io reports typing ~100 ms late (a debounced change): a Save or Create clicked within
    // that time would read the content without the last keys. A field's own listener has stored
    // the value by the time the input event bubbles here, so the content is handed over at once.
    let typed = false;
    const onInput = () => {
      typed = true;
    };
    const onTyped = () => {
      if (created && !cancelled) onChangeRef.current(created.data);
    };
    const element = host.current!;
    element.addEventListener('input', onInput, true);
    element.addEventListener('input', onTyped);
    void import('./formio')
      .then(({ loadFormio }) => loadFormio())
      .then((Formio) => Formio.createForm(element, structuredClone(form), { readOnly, noAlerts: true }))
      .then((webform) => {
        created = webform;
        if (cancelled) return webform.destroy(true);
        webform.submission = { data: structuredClone(initial.current) };
        // Only what the user does is a change of the content; Form.io also reports its own setup.
        webform.on('change', (_event, _flags, modified) => {
          if (!modified) return;
          typed = false;
          onChangeRef.current(webform.data);
        });
        instance.current = webform;
        setReady(true);
      });
    return () => {
      cancelled = true;
      instance.current = null;
      element.removeEventListener('input', onInput, true);
      element.removeEventListener('input', onTyped);
      if (created && typed) onChangeRef.current(created.data);
      created?.destroy(true);
    };
  }, [form, readOnly]);

  useImperativeHandle(
    handle,
    () => ({
      validate() {
        const webform = instance.current;
        if (!webform) return [];
        webform.setPristine(false);
        return webform.validate(webform.data, { dirty: true, silentCheck: false, process: 'submit' }).map((error) => {
          const path = error.context?.path ?? error.component?.key ?? '';
          return {
            path,
            message: error.message,
            focus() {
              const component = webform.getComponent(path);
              component?.element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
              component?.focus?.();
            },
          };
        });
      },
      merge(data) {
        const webform = instance.current;
        if (!webform) return;
        const changed = Object.keys(data).some((key) => !deepEqual(webform.data[key], data[key]));
        if (changed) webform.submission = { data: { ...webform.data, ...structuredClone(data) } };
      },
    }),
    [],
  );

  return (
    <div className="op-formio">
      {!ready && <Spinner size="small" label="Loading the form…" />}
      <div ref={host} />
    </div>
  );
}
