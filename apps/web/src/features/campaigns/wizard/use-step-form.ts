/**
 * The form of one wizard step on @mantine/form: the step's fields as the
 * form's values, validated by the shared step rules (step-rules.ts, the same
 * rules the server runs), and saved as docs/product.md#the-campaign-wizard says (use-step-save.ts).
 * Errors show once a field was left (the form's touched state, set on blur),
 * the step was saved, or a save was tried; what the server refused for a
 * field shows beside it until the field changes. Fields read with
 * `getInputProps(path, { required: true })` behave as required fields
 * (shared/form/required-field.ts).
 *
 * The step's alerts are about the step (their scope): a save's answer
 * replaces what the step's alerts said before, so a successful save takes
 * away the error alert of an earlier attempt. A save that leaves the step
 * with errors brings the first invalid field into view (step-form.tsx).
 */
import {
  effectiveMerchantLevel,
  type CampaignStep,
  type StepError,
  type TCampaign,
  type TCampaignContentPatch,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { useForm, type GetInputPropsReturnType, type LooseKeys } from '@mantine/form';
import { useState, type FocusEvent, type ReactNode } from 'react';
import { onFieldLeft, requiredFieldProps } from '../../../shared/form/required-field';
import { useDirtyRef } from '../../../shared/form/unsaved-changes';
import { useSession } from '../../../shared/session/session-store';
import { useStepRules } from './step-rules';
import { useStepSave } from './use-step-save';

export interface StepFormOptions<D extends Record<string, unknown>> {
  envelope: TCampaignEnvelope;
  step: CampaignStep;
  /** The step's fields out of the stored campaign: the form's values. */
  read: (campaign: TCampaign) => D;
  /** What a save of the step sends. */
  toPatch: (values: D) => TCampaignContentPatch;
  /**
   * Errors only the browser can see (e.g. a date typed in the wrong format):
   * shown like step errors, and they keep the step from being sent.
   */
  inputErrors?: (values: D) => StepError[];
  /** Something besides the values is unsaved (e.g. a chosen image not uploaded yet). */
  extraDirty?: boolean;
  /** The campaign will have an image once saved (one is chosen): the image rule is met. */
  imageChosen?: boolean;
  /**
   * Runs before the step is saved (e.g. uploads the chosen image). Resolves to
   * false to stop the save, to the campaign's version when it changed the
   * campaign itself, or to undefined when it changed nothing.
   */
  beforeSave?: () => Promise<number | false | undefined>;
  /** The campaign's available codes, where the step's rules need them (unique-code prizes). */
  availableCodes?: number;
}

/** What `getInputProps` gives a wizard field: the form's props plus the step's. */
export interface FieldProps extends GetInputPropsReturnType {
  /** Takes the new value, or an input's change event (the form reads its value). */
  onChange: (valueOrEvent: unknown) => void;
  error: ReactNode;
  withAsterisk?: boolean;
  onBlur: () => void;
  onFocus: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  'data-field': string;
}

/** A field's props by its path in the values D; `{ required: true }` for a required field. */
export type FieldInput<D> = (
  path: LooseKeys<D>,
  options?: { required?: boolean; type?: 'input' | 'checkbox' },
) => FieldProps;

export function useStepForm<D extends Record<string, unknown>>(options: StepFormOptions<D>) {
  const {
    envelope,
    step,
    read,
    toPatch,
    inputErrors,
    extraDirty = false,
    imageChosen = false,
    beforeSave,
    availableCodes,
  } = options;
  const { user } = useSession();
  const { campaign, state, merchant } = envelope;
  // The version the values are based on: a save from an older one is refused
  // (someone else changed the campaign meanwhile).
  const [baseVersion, setBaseVersion] = useState(campaign.version);
  const alertScope = `campaign-step:${campaign.uuid}:${step}`;
  const merchantLevel = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);
  const rules = useStepRules({ campaign, step, toPatch, inputErrors, imageChosen, availableCodes });

  const form = useForm<D, TCampaignContentPatch>({
    mode: 'controlled',
    initialValues: read(campaign),
    validate: rules.validate,
    // What a save sends: the step is unsaved when this differs from the stored values'.
    transformValues: toPatch,
    // Touched means left: a change or a focus alone does not show a field's error.
    touchTrigger: 'focus',
    enhanceGetInputProps: ({ inputProps, field, options: inputOptions }) => {
      const fld = String(field);
      const props = {
        error: fieldError(fld),
        // Left, typed in or not, the field shows its message (shared/form/required-field.ts).
        onBlur: onFieldLeft(() => leave(fld)),
        onFocus: undefined,
        'data-field': fld,
      };
      // A required field: a star while it is empty, scrolled into view on focus (docs/product.md#validation).
      return inputOptions['required']
        ? { ...props, ...requiredFieldProps(inputProps.value) }
        : props;
    },
  });

  const leave = (fld: LooseKeys<D>) =>
    form.setTouched((current) => (current[fld] ? current : { ...current, [fld]: true }));

  // The rules span fields (a runtime's end depends on its start), so the
  // errors follow the values on every render rather than only when validated.
  const { values } = form;
  const errors = rules.validate(values);

  // Dirty by what a save would send, not by the raw values: an empty rule or
  // an untouched language's emptied text is no change. Input only the browser
  // sees as wrong (an unreadable date) is unsaved input too.
  const patch = form.getTransformedValues();
  const dirty =
    extraDirty ||
    (inputErrors?.(values).length ?? 0) > 0 ||
    JSON.stringify(patch) !== JSON.stringify(form.getTransformedValues(form.getInitialValues()));

  // Read by the navigation blocker at navigation time, after a save has reset it.
  const { dirtyRef } = useDirtyRef(dirty);

  /** Values the server stored: they become the form's values and its clean state. */
  const reload = (stored: TCampaign) => {
    const fresh = read(stored);
    setBaseVersion(stored.version);
    form.setValues(fresh);
    form.resetDirty(fresh);
  };

  // A newer copy of the campaign (an upload, a reload) replaces values with
  // nothing unsaved, so that the next save is based on it; unsaved input
  // keeps its version, and a save of it is refused if the campaign changed
  // meanwhile.
  const [seenVersion, setSeenVersion] = useState(campaign.version);
  if (campaign.version !== seenVersion) {
    setSeenVersion(campaign.version);
    if (!dirty) reload(campaign);
  }

  const save = useStepSave({
    envelope,
    step,
    baseVersion,
    patch,
    content: rules.contentWith(values),
    context: rules.context,
    unsendable: rules.unsendable(values),
    beforeSave,
    reload,
    setFieldError: form.setFieldError,
    dirtyRef,
    merchantLevel,
    alertScope,
  });
  const showAll = save.attempted || state.submitted[step] === true;

  /** The text beside a field: the server's refusal of it, or its step error once shown. */
  function fieldError(fld: LooseKeys<D>): ReactNode {
    const refused = form.errors[fld];
    if (refused) return refused;
    if (!showAll && form.getTouched()[fld] !== true) return undefined;
    return errors[fld];
  }

  return {
    ...form,
    getInputProps: form.getInputProps as FieldInput<D>,
    fieldError,
    dirty,
    dirtyRef,
    saving: save.saving,
    errorsShown: save.errorsShown,
    submit: save.submit,
    readOnly: !envelope.allow_edit,
    merchantLevel,
  };
}

export type StepFormState<D extends Record<string, unknown>> = ReturnType<typeof useStepForm<D>>;
