import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import type { ContentJson } from '../../../domain/permits/yContent';
import { isWorkLocationSet, type PlotPlanPosition } from '../../../domain/plotPlans';
import { newId } from '../../../replication/outbox';
import type { LocationMetadata, PermitDefinition } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import type { SectionError } from './ErrorPanel';
import type { FormioHandle } from './FormioForm';
import { errorsMessage, NO_PERMITS_SELECTED } from './permitText';
import { createPermit } from './permitWrites';
import { validateForms, type SubForm } from './PermitForms';


interface Inputs {
  draftId: string;
  definition: PermitDefinition | null;
  metadata: LocationMetadata | null;
  forms: readonly SubForm[];
  content: ContentJson;
  handles: RefObject<Map<string, FormioHandle>>;
  /** The work location on the plot plan; `positionRequired` when the site map is on and the location has a plan (SPEC §5). */
  position: PlotPlanPosition | null;
  positionRequired: boolean;
  /** Called once the permits are queued: the draft is done with. */
  onCreated(): void;
}

/**
 * The create page's submit (SPEC §5): at least one type, a valid form, then one permit per type
 * through the outbox, the first under the draft's id (the server drops the draft then). Opens
 * the first permit.
 */
export function useCreateSubmit({ draftId, definition, metadata, forms, content, handles, position, positionRequired, onCreated }: Inputs) {
  const db = useReplica();
  const { data, email } = useAppData();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<SectionError[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setErrors([]);
    if (forms.length === 0 || !definition || !metadata || !data.homeLocation) return setMessage(NO_PERMITS_SELECTED);
    const placed = position !== null && isWorkLocationSet(...position);
    if (positionRequired && !placed) return setMessage(messages.plotPlans.noWorkLocation);
    const found = validateForms(definition, forms, handles.current);
    if (found.length > 0) {
      setErrors(found);
      return setMessage(errorsMessage(found.length));
    }
    setMessage(null);
    setBusy(true);
    const ids = forms.map((_f, i) => (i === 0 ? draftId : newId()));
    const location = data.homeLocation;
    for (const [i, form] of forms.entries()) {
      const permitType = definition.DefinitionMetadataJSON.Forms.find((f) => f.ContentsPath === form.path)?.PermitType ?? form.name;
      await createPermit(
        { db, owner: email },
        {
          id: ids[i]!, permitType, content: { [form.path]: content[form.path] ?? {} }, definition, metadata,
          locationId: location.LocationId, locationTitle: location.Title, siteId: location.SiteId, personnelId: data.profile.PersonnelId,
          ...(position && placed ? { position } : {}),
        },
      );
    }
    onCreated();
    navigate(`/permits/${ids[0]}/edit?redirectFromCreate=true`);
  }

  return { submit, message, errors, busy };
}
