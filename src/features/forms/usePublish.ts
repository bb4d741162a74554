import { useCallback, useState } from 'react';
import { messages } from '../../../domain/messages';
import { publishForm, rebuildMetadata } from '../../../replication/forms';
import { useNotify } from '../../app/toaster';

/** The form whose publish or metadata rebuild is under way. */
export type FormAct = { formId: string; act: 'publish' | 'rebuild' } | null;

/**
 * Publishes a form, or rebuilds the metadata of the definition it last published. Success says
 * so (SPEC §8); a failure just stops the spinner (SPEC §8), the list staying as it was.
 */
export function usePublish(onDone: () => void): { publish(formId: string): void; rebuild(formId: string, definitionId: string): void; busy: FormAct } {
  const notify = useNotify();
  const [busy, setBusy] = useState<FormAct>(null);
  const run = useCallback(
    (formId: string, act: 'publish' | 'rebuild', call: () => Promise<unknown>, done: string) => {
      setBusy({ formId, act });
      call().then(
        () => {
          setBusy(null);
          notify('success', done);
          onDone();
        },
        () => setBusy(null),
      );
    },
    [notify, onDone],
  );
  const publish = useCallback((formId: string) => run(formId, 'publish', () => publishForm(formId), messages.forms.updated), [run]);
  const rebuild = useCallback(
    (formId: string, definitionId: string) => run(formId, 'rebuild', () => rebuildMetadata(definitionId), messages.forms.metadataRebuilt),
    [run],
  );
  return { publish, rebuild, busy };
}
