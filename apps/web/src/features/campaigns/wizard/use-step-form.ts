/**
 * The form of one wizard step on @mantine/form: the step's fields as the
 * form's values, validated by the shared step rules (the same rules the
 * server runs), and saved as docs/product.md#campaign-states says. Errors show once a field was left
 * (the form's touched state, set on blur), the step was saved, or a save was
 * tried; what the server refused for a field shows beside it until the field
 * changes. Fields read with `getInputProps(path, { required: true })` behave
 * as required fields (shared/form/required-field.ts).
 *
 * The step's alerts are about the step (their scope): a save's answer
 * replaces what the step's alerts said before, so a successful save takes
 * away the error alert of an earlier attempt. A save that leaves the step
 * with errors brings the first invalid field into view (step-form.tsx).
 */
import {
  campaignFamily,
  effectiveMerchantLevel,
  type CampaignStep,
  type StepError,
  type TCampaign,
  type TCampaignContent,
  type TCampaignContentPatch,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { useForm, type FormErrors, type GetInputPropsReturnType } from '@mantine/form';
import { useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, technicalLine } from '../../../shared/api/api-error';
import { translateServerMessage } from '../../../shared/api/error-text';
import { onFieldLeft, requiredFieldProps } from '../../../shared/form/required-field';
import { useDirtyRef } from '../../../shared/form/unsaved-changes';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useSaveCampaign } from '../api/save-campaign';
import { fieldErrorText, isStepMessage } from './field-errors';
import { contentOf, errorsAfter, saveValidation, stepAfterSave } from './wizard-logic';

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
  error: ReactNode;
  withAsterisk?: boolean;
  onBlur: () => void;
  onFocus: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  'data-field': string;
}

/** A field's props by its path; `{ required: true }` for a required field. */
export type FieldInput = (
  path: string,
  options?: { required?: boolean; type?: 'input' | 'checkbox' },
) => FieldProps;

/**
 * Step errors the server would refuse as a whole request, so the step is not
 * sent with them: a text over its limit, a landing page, and a benefit number
 * below zero (the content's schema takes none; a typed minus is kept and
 * refused with its message, never dropped).
 */
const blocking = (error: StepError, content: TCampaignContent) =>
  error.message === 'max_length' || error.fld === 'landing_page' || belowZero(content, error.fld);

function belowZero(content: TCampaignContent, fld: string): boolean {
  if (!fld.startsWith('benefit.')) return false;
  const value = content.benefit[fld.slice('benefit.'.length) as keyof TCampaignContent['benefit']];
  return value !== undefined && value !== null && value < 0;
}

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { campaign, state, merchant } = envelope;
  const save = useSaveCampaign();
  // The version the values are based on: a save from an older one is refused
  // (someone else changed the campaign meanwhile).
  const [baseVersion, setBaseVersion] = useState(campaign.version);
  const [attempted, setAttempted] = useState(false);
  const [preparing, setPreparing] = useState(false);
  // Counts the saves that left the step with errors: each brings the first invalid field into view.
  const [errorsShown, setErrorsShown] = useState(0);
  const showErrors = () => setErrorsShown((count) => count + 1);
  const alertScope = `campaign-step:${campaign.uuid}:${step}`;
  const merchantLevel = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);
  const context = useMemo(
    () => ({
      type: campaign.type,
      hasImage: campaign.image !== null || imageChosen,
      ...(availableCodes === undefined ? {} : { availableCodes }),
    }),
    [campaign.type, campaign.image, imageChosen, availableCodes],
  );

  const contentWith = (values: D): TCampaignContent => ({
    ...contentOf(campaign),
    ...toPatch(values),
  });
  /** The step's rules: what only the browser sees first, then the domain's rules for the step. */
  const stepErrors = (values: D): StepError[] => [
    ...(inputErrors?.(values) ?? []),
    ...errorsAfter(campaign, toPatch(values), context).filter((error) => error.step === step),
  ];
  /** The step's rules as the form's validation: the text of each field's first error. */
  const validate = (values: D): FormErrors => {
    const content = contentWith(values);
    const errors: FormErrors = {};
    for (const error of stepErrors(values)) {
      errors[error.fld] ??= fieldErrorText(t, error, content);
    }
    return errors;
  };

  const form = useForm<D, TCampaignContentPatch>({
    mode: 'controlled',
    initialValues: read(campaign),
    validate,
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

  const leave = (fld: string) =>
    form.setTouched((current) => (current[fld] ? current : { ...current, [fld]: true }));

  // The rules span fields (a runtime's end depends on its start), so the
  // errors follow the values on every render rather than only when validated.
  const { values } = form;
  const errors = validate(values);
  const showAll = attempted || state.submitted[step] === true;

  /** The text beside a field: the server's refusal of it, or its step error once shown. */
  function fieldError(fld: string): ReactNode {
    const refused = form.errors[fld];
    if (refused) return refused;
    if (!showAll && form.getTouched()[fld] !== true) return undefined;
    return errors[fld];
  }

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

  /**
   * A refusal that names a field shows beside it; one that names an entry of
   * a list of values (`coparticipation_targets.2`) beside the list's input.
   */
  const showRefusal = (error: ApiError) => {
    const { field, serverMessage } = error;
    if (!field || !serverMessage) return;
    form.setFieldError(
      field.replace(/\.\d+$/, ''),
      isStepMessage(serverMessage)
        ? fieldErrorText(t, { step, fld: field, message: serverMessage }, contentWith(values))
        : translateServerMessage(t, serverMessage, field),
    );
  };

  const submit = async () => {
    setAttempted(true);
    const browserErrors = inputErrors?.(values) ?? [];
    const content = contentWith(values);
    if (browserErrors.length > 0 || stepErrors(values).some((error) => blocking(error, content))) {
      notifyError(t('campaigns.wizard.fixErrorsFirst'), { scope: alertScope });
      showErrors();
      return;
    }
    let version = baseVersion;
    if (beforeSave) {
      setPreparing(true);
      const prepared = await beforeSave().finally(() => setPreparing(false));
      if (prepared === false) return;
      // The preparation's own change (an uploaded image) is the editor's, not someone else's.
      if (typeof prepared === 'number') version = prepared;
    }
    const validation = saveValidation(step, errorsAfter(campaign, patch, context));
    const submittedBefore = state.submitted;
    save.mutate(
      { ident: campaign.uuid, patch, validate: validation, version, alertScope },
      {
        onSuccess: (saved) => {
          reload(saved.campaign);
          const target = stepAfterSave(step, submittedBefore, saved.state.errors, merchantLevel);
          if (!target) {
            notifyInfo(t('campaigns.wizard.savedWithErrors'), { scope: alertScope });
            showErrors();
            return;
          }
          notifySuccess(t('campaigns.wizard.saved'), { scope: alertScope });
          dirtyRef.current = false;
          void navigate(
            paths.campaigns.step(
              { merchantIdent: saved.merchant.uuid, campaignIdent: saved.campaign.uuid },
              campaignFamily(saved.campaign.type),
              target,
            ),
          );
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.status !== 409) {
            showRefusal(error);
            if (error.field) showErrors();
            return;
          }
          notifyError(
            error.serverMessage === 'campaign_changed'
              ? t('errors.server.campaign_changed')
              : t('campaigns.wizard.notEditableAlert'),
            {
              scope: alertScope,
              technical: technicalLine(t, error),
              ...(error.requestId ? { requestId: error.requestId } : {}),
            },
          );
        },
      },
    );
  };

  return {
    ...form,
    getInputProps: form.getInputProps as FieldInput,
    fieldError,
    dirty,
    dirtyRef,
    saving: save.isPending || preparing,
    errorsShown,
    submit: () => void submit(),
    readOnly: !envelope.allow_edit,
    merchantLevel,
  };
}

export type StepFormState<D extends Record<string, unknown>> = ReturnType<typeof useStepForm<D>>;
