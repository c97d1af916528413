/**
 * Where an image is chosen, by click, keyboard or drop (@mantine/dropzone):
 * jpg, jpeg, png and gif, one at a time, and below it what was wrong with
 * the last one. Nothing is taken while a save (with its upload) is on its way.
 */
import { Alert, Group, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROBLEM_TEXT, type Problem } from './use-image-choice';

/** The types the step takes (their content is checked as well). */
const ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
};

interface ImageDropProps {
  /** A save is on its way: nothing is taken. */
  busy: boolean;
  problem: Problem | undefined;
  onChoose: (file: File | undefined) => void;
  onProblem: (problem: Problem) => void;
}

export function ImageDrop({ busy, problem, onChoose, onProblem }: ImageDropProps) {
  const { t } = useTranslation();
  // More than one file: the first is taken, as from a file dialog; a file of another type is not an image.
  const onReject = (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (first && first.errors.every((error) => error.code === 'too-many-files')) {
      onChoose(first.file);
      return;
    }
    onProblem('invalid_image_format');
  };
  // Hidden from everyone, as the file input was before (the drop area is the
  // button): react-dropzone only shrinks it and takes it out of the tab order,
  // which leaves a focusable control inside the button for assistive
  // technology (axe: nested-interactive) and its label in the button's name.
  // A data attribute beside its name: the tests choose a file through it.
  const inputProps = {
    hidden: true,
    style: { display: 'none' },
    tabIndex: undefined,
    'aria-label': t('campaigns.wizard.image.upload'),
    'data-testid': 'image-input',
  };
  return (
    <>
      <Dropzone
        onDrop={(files) => onChoose(files[0])}
        onReject={onReject}
        accept={ACCEPT}
        multiple={false}
        disabled={busy}
        radius="md"
        p="xl"
        role="button"
        aria-disabled={busy || undefined}
        data-testid="image-drop"
        inputProps={inputProps}
      >
        <Group justify="center" gap="sm" style={{ pointerEvents: 'none' }}>
          <IconPhoto size={32} aria-hidden />
          <Text>{t('campaigns.wizard.image.drop')}</Text>
        </Group>
      </Dropzone>
      {problem && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          data-testid="image-problem"
        >
          {t(PROBLEM_TEXT[problem])}
        </Alert>
      )}
    </>
  );
}
