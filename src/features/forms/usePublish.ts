import { useCallback, useState } from 'react';
import { messages } from '../../../domain/messages';
import { publishForm } from '../../../replication/forms';
import { useNotify } from '../../app/toaster';

/**
 * Publishes a form. Success says so (SPEC §8); a failure just stops the spinner (SPEC §8), the
 * form staying Not Published in the list.
 */
export function usePublish(onPublished: () => void): { publish(formId: string): void; publishing: string | null } {
  const notify = useNotify();
  const [publishing, setPublishing] = useState<string | null>(null);
  const publish = useCallback(
    (formId: string) => {
      setPublishing(formId);
      publishForm(formId).then(
        () => {
          setPublishing(null);
          notify('success', messages.forms.updated);
          onPublished();
        },
        () => setPublishing(null),
      );
    },
    [notify, onPublished],
  );
  return { publish, publishing };
}
