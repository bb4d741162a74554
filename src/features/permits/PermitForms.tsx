import { makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useMemo, type RefObject } from 'react';
import type { ContentJson } from '../../../domain/permits/yContent';
import type { PermitDefinition } from '../../../schemas';
import type { SectionError } from './ErrorPanel';
import { FormioForm, type FormioHandle } from './FormioForm';
import { prepareForm, sectionsOf, type FormInputs } from './prepareForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
});

/** One sub-form of a definition: its form name, its key in the content and its title. */
export interface SubForm {
  name: string;
  path: string;
  title: string;
}

/** The sub-forms of the given permit types (or, `byPath`, content keys), in the definition's order. */
export function subForms(definition: PermitDefinition, names: readonly string[], byPath = false): SubForm[] {
  return definition.DefinitionMetadataJSON.Forms.filter((f) => names.includes(byPath ? f.ContentsPath : f.PermitType)).map((f) => {
    const title = (definition.Forms[f.Name] as { title?: unknown } | undefined)?.title;
    return { name: f.Name, path: f.ContentsPath, title: typeof title === 'string' ? title : f.Name };
  });
}

interface Props {
  definition: PermitDefinition;
  forms: readonly SubForm[];
  /** The content the forms open with. */
  content: ContentJson;
  inputs: FormInputs;
  readOnly: boolean;
  onChange(path: string, data: Record<string, unknown>): void;
  handles: RefObject<Map<string, FormioHandle>>;
}

/** The Form.io forms of a permit, one per sub-form, each with a heading when there are several. */
export function PermitForms({ definition, forms, content, inputs, readOnly, onChange, handles }: Props) {
  const styles = useStyles();
  const prepared = useMemo(
    () => new Map(forms.map((f) => [f.path, prepareForm(definition.Forms[f.name], inputs)])),
    [definition, forms, inputs],
  );
  return (
    <div className={styles.root}>
      {forms.map((f) => (
        <section key={f.path} aria-label={f.title}>
          {forms.length > 1 && <Subtitle1 as="h2">{f.title}</Subtitle1>}
          <FormioForm
            form={prepared.get(f.path)!}
            initialData={(content[f.path] ?? {}) as Record<string, unknown>}
            readOnly={readOnly}
            onChange={(data) => onChange(f.path, data)}
            handle={(h) => {
              if (h) handles.current.set(f.path, h);
              else handles.current.delete(f.path);
            }}
          />
        </section>
      ))}
    </div>
  );
}

/** Validates every form as a submit does; errors are named by form and section (SPEC §5). */
export function validateForms(definition: PermitDefinition, forms: readonly SubForm[], handles: Map<string, FormioHandle>): SectionError[] {
  return forms.flatMap((f) => {
    const sections = sectionsOf(definition.Forms[f.name]);
    return (handles.get(f.path)?.validate() ?? []).map((e) => {
      const section = sections.get(e.path.split(/[.[]/)[0] ?? '') ?? 'Form';
      return { section: forms.length > 1 ? `${f.title}: ${section}` : section, message: e.message, focus: e.focus };
    });
  });
}
