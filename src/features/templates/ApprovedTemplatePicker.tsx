import { Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { ancestorsAndSelf } from '../../../domain/locations';
import { templateContent } from '../../../domain/templates/workflow';
import type { Template } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { approvedTemplatesFor, templates$ } from './templateQueries';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  field: { minWidth: '280px' },
});

interface Props {
  locationId: number | null;
  /** The selected permit types: content key and title. */
  forms: readonly { path: string; title: string }[];
  /** Fills one permit type's form with an approved template's content. */
  onApply(path: string, values: Record<string, unknown>): void;
}

/**
 * On the create-permit page: an APPROVED template for a chosen permit type pre-fills its form
 * (issue 14). Templates of the location, the areas above it and the whole site apply; from the
 * replica, so it works offline.
 */
export function ApprovedTemplatePicker({ locationId, forms, onApply }: Props) {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const all = useObservable(useMemo(() => templates$(db, email), [db, email]), []);
  const chain = useMemo(() => (locationId === null ? [] : ancestorsAndSelf(data.tree, locationId)), [data.tree, locationId]);
  const siteId = locationId === null ? -1 : (data.tree.byId.get(locationId)?.SiteId ?? -1);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const offers = forms.map((f) => ({ ...f, templates: approvedTemplatesFor(all, chain, siteId, f.path) })).filter((f) => f.templates.length > 0);
  if (offers.length === 0) return null;

  const apply = (path: string, template: Template | undefined) => {
    if (!template) return;
    setChosen((c) => ({ ...c, [path]: template.PermitTemplateId }));
    onApply(path, templateContent(template));
  };
  return (
    <div className={styles.root}>
      {offers.map((f) => (
        <Field key={f.path} className={styles.field} label={`Start ${f.title} from an approved template`}>
          <Dropdown
            placeholder="Choose a template"
            value={f.templates.find((t) => t.PermitTemplateId === chosen[f.path])?.Name ?? ''}
            selectedOptions={chosen[f.path] ? [chosen[f.path]!] : []}
            onOptionSelect={(_e, d) => apply(f.path, f.templates.find((t) => t.PermitTemplateId === d.optionValue))}
          >
            {f.templates.map((t) => (
              <Option key={t.PermitTemplateId} value={t.PermitTemplateId}>
                {t.Name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ))}
    </div>
  );
}
