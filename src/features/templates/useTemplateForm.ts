import { useMemo } from 'react';
import type { Permit, PermitDefinition } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { subForms } from '../permits/PermitForms';
import { definition$, locationMetadata$ } from '../permits/permitQueries';
import type { FormInputs } from '../permits/prepareForm';

const EVERYTHING_EDITABLE = () => true;

export interface TemplateForms {
  /** The home location's current definition; null while loading or when it has none. */
  definition: PermitDefinition | null;
  loading: boolean;
  /** The permit types a template can be made for: the location's AvailablePermits. */
  types: { name: string; formName: string; label: string }[];
  inputs: FormInputs;
}

/** The permit forms of the home location, from the replica: what a permit template is filled in on. */
export function useTemplateForms(): TemplateForms {
  const db = useReplica();
  const { data } = useAppData();
  const locationId = data.homeLocation?.LocationId ?? null;
  const metadata = useObservable(useMemo(() => locationMetadata$(db, locationId), [db, locationId]), undefined);
  const definitionId = metadata?.PermitDefinitionId ?? null;
  const definition = useObservable(useMemo(() => definition$(db, definitionId), [db, definitionId]), undefined);
  return useMemo(() => {
    const initial = metadata?.InitialPermitInstanceMetadata as Partial<Permit['PermitInstanceMetadataJSON']> | undefined;
    const types = definition ? subForms(definition, initial?.AvailablePermits ?? []).map((f) => ({ name: f.path, formName: f.name, label: f.title })) : [];
    const groups = (initial?.UsersOfGroupList ?? []) as Permit['PermitInstanceMetadataJSON']['UsersOfGroupList'];
    return {
      definition: definition ?? null,
      loading: metadata === undefined || (definitionId !== null && definition === undefined),
      types,
      inputs: { lists: metadata?.Lists ?? [], groups, editable: EVERYTHING_EDITABLE },
    };
  }, [metadata, definition, definitionId]);
}
