import { useState } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import type { UiSchema } from '@rjsf/utils';
import cacheValidators from 'virtual:form-validator/PermitCacheForm';
import { messages } from '../../../domain/messages';
import { permitCacheRefusal, refusalField } from '../../../domain/permitCache';
import { clearPermitCache } from '../../../replication/api';
import { PermitCacheForm } from '../../../schemas';
import { useNotify } from '../../app/toaster';
import { NoSite, ReadOnlyNotice } from '../lists/ListsPage';
import { useAdminOutlet } from '../admin/adminSites';
import { OnlineOnly } from '../admin/OnlineOnly';
import { SchemaForm } from '../admin/schemaForm/SchemaForm';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const today = () => new Date().toISOString().slice(0, 10);

/** /admin/permit-cache: every device pulls the chosen permits of the site again (SPEC §2, §5). */
export function PermitCachePage() {
  const styles = useStyles();
  const { site } = useAdminOutlet();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  // A new, empty form after each clear.
  const [round, setRound] = useState(0);
  if (!site) return <NoSite />;
  const ui: UiSchema<PermitCacheForm> = {
    States: { 'ui:widget': 'checkboxes' },
    StartDate: { 'ui:widget': 'date', 'ui:options': { max: today() } },
    EndDate: { 'ui:widget': 'date', 'ui:options': { max: today() } },
  };

  const submit = async (form: PermitCacheForm) => {
    setBusy(true);
    try {
      await clearPermitCache({ States: form.States, StartDate: form.StartDate || null, EndDate: form.EndDate || null, SiteId: site.SiteId });
      notify('success', messages.permitCache.cleared);
      setRound((n) => n + 1);
    } catch (error) {
      notify('error', messages.permitCache.clearFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <OnlineOnly>
      <div className={styles.page}>
        <Title2 as="h1">Permit Cache</Title2>
        <Text className={styles.muted}>
          {`Every device drops its copy of the chosen permits of ${site.name} and pulls them again on its next sync. Changes a device has not sent yet are kept and sent as usual.`}
        </Text>
        {site.canEdit ? (
          <SchemaForm<PermitCacheForm>
            key={`${site.SiteId}:${round}`}
            schema={PermitCacheForm}
            validateFns={cacheValidators}
            formData={{ States: [] }}
            uiSchema={ui}
            messages={{ StartDate: 'From Date must be a date', EndDate: 'To Date must be a date' }}
            rules={(form) => {
              const refusal = permitCacheRefusal({ States: form.States ?? [], StartDate: form.StartDate || null, EndDate: form.EndDate || null }, today());
              return refusal ? { [refusalField(refusal)]: refusal } : {};
            }}
            submitLabel="Clear Permit Cache"
            busy={busy}
            onSubmit={(form) => void submit(form)}
          />
        ) : (
          <ReadOnlyNotice what="Clearing the permit cache" />
        )}
      </div>
    </OnlineOnly>
  );
}
