/**
 * The state of one wizard step: a draft of the fields the step edits, its
 * errors from the shared step rules (instant feedback, the same rules the
 * server runs), and saving as spec §4 says. Errors show once a field was
 * left, the step was saved, or a save was tried.
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
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { requiredFieldProps } from '../../../shared/form/required-field';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { afterPointerRelease } from '../../../shared/ui/after-pointer-release';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useSaveCampaign } from '../api/save-campaign';
import { fieldErrorText } from './field-errors';
import { contentOf, errorsAfter, saveValidation, stepAfterSave } from './wizard-logic';

export interface StepFormOptions<D> {
  envelope: TCampaignEnvelope;
  step: CampaignStep;
  /** The step's fields out of the stored campaign. */
  read: (campaign: TCampaign) => D;
  /** What a save of the step sends. */
  toPatch: (draft: D) => TCampaignContentPatch;
  /**
   * Errors only the browser can see (e.g. a date typed in the wrong format):
   * shown like step errors, and they keep the step from being sent.
   */
  inputErrors?: (draft: D) => StepError[];
  /** Something besides the draft is unsaved (e.g. a chosen image not uploaded yet). */
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

/** Props of a Mantine input for one field of the step. */
export interface FieldProps {
  error: string | undefined;
  withAsterisk?: boolean;
  onBlur: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  'data-field': string;
}

/** Step errors the server would refuse as a whole request, so the step is not sent with them. */
const BLOCKING = (error: StepError) =>
  error.message === 'max_length' || error.fld === 'landing_page';

export function useStepForm<D>(options: StepFormOptions<D>) {
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
  // The version the draft is based on: a save from an older one is refused
  // (someone else changed the campaign meanwhile).
  const [baseVersion, setBaseVersion] = useState(campaign.version);
  const [draft, setDraft] = useState<D>(() => read(campaign));
  const [baseline, setBaseline] = useState(() => JSON.stringify(toPatch(read(campaign))));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const merchantLevel = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);
  const context = useMemo(
    () => ({
      type: campaign.type,
      hasImage: campaign.image !== null || imageChosen,
      ...(availableCodes === undefined ? {} : { availableCodes }),
    }),
    [campaign.type, campaign.image, imageChosen, availableCodes],
  );

  const patch = toPatch(draft);
  const dirty = JSON.stringify(patch) !== baseline || extraDirty;
  const content: TCampaignContent = { ...contentOf(campaign), ...patch };
  const browserErrors = inputErrors?.(draft) ?? [];
  const stepErrors = [
    ...browserErrors,
    ...errorsAfter(campaign, patch, context).filter((error) => error.step === step),
  ];
  const showAll = attempted || state.submitted[step] === true;

  // Read by the navigation blocker at navigation time, after a save has reset it.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  // A newer copy of the campaign (an upload, a reload) replaces a draft with
  // nothing unsaved, so that the next save is based on it; a draft with
  // unsaved input keeps its version, and a save of it is refused if the
  // campaign changed meanwhile.
  const [seenVersion, setSeenVersion] = useState(campaign.version);
  if (campaign.version !== seenVersion) {
    setSeenVersion(campaign.version);
    if (!dirty) {
      setBaseVersion(campaign.version);
      setDraft(read(campaign));
      setBaseline(JSON.stringify(toPatch(read(campaign))));
    }
  }

  const touch = useCallback(
    (fld: string) =>
      setTouched((current) => (current.has(fld) ? current : new Set(current).add(fld))),
    [],
  );

  const errorOf = (fld: string): string | undefined => {
    if (!showAll && !touched.has(fld)) return undefined;
    const error = stepErrors.find((candidate) => candidate.fld === fld);
    return error ? fieldErrorText(t, error, content) : undefined;
  };

  const optional = (fld: string): FieldProps => ({
    error: errorOf(fld),
    // The message appears once the click that left the field has landed (no lost clicks).
    onBlur: () => afterPointerRelease(() => touch(fld)),
    'data-field': fld,
  });

  /** A required field: a star while it is empty, scrolled into view on focus (spec §5). */
  const required = (fld: string, value: unknown): FieldProps => ({
    ...optional(fld),
    ...requiredFieldProps(value),
  });

  const update = (changes: Partial<D>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = async () => {
    setAttempted(true);
    if (browserErrors.length > 0 || stepErrors.some(BLOCKING)) {
      notifyError(t('campaigns.wizard.fixErrorsFirst'));
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
    const validate = saveValidation(step, errorsAfter(campaign, patch, context));
    const submittedBefore = state.submitted;
    save.mutate(
      { ident: campaign.uuid, patch, validate, version },
      {
        onSuccess: (saved) => {
          const fresh = read(saved.campaign);
          setBaseVersion(saved.campaign.version);
          setDraft(fresh);
          setBaseline(JSON.stringify(toPatch(fresh)));
          const target = stepAfterSave(step, submittedBefore, saved.state.errors, merchantLevel);
          if (!target) {
            notifyInfo(t('campaigns.wizard.savedWithErrors'));
            return;
          }
          notifySuccess(t('campaigns.wizard.saved'));
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
          if (!(error instanceof ApiError) || error.status !== 409) return;
          notifyError(
            error.serverMessage === 'campaign_changed'
              ? t('errors.server.campaign_changed')
              : t('campaigns.wizard.notEditableAlert'),
          );
        },
      },
    );
  };

  return {
    draft,
    setDraft,
    update,
    content,
    dirty,
    dirtyRef,
    saving: save.isPending || preparing,
    submit: () => void submit(),
    optional,
    required,
    touch,
    readOnly: !envelope.allow_edit,
    merchantLevel,
  };
}

export type StepFormState<D> = ReturnType<typeof useStepForm<D>>;
