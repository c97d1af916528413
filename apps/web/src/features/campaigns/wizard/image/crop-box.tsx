/**
 * Chooses the part of an image that becomes the campaign image: a frame
 * fixed to the campaign format's proportions (CAMPAIGN_IMAGE_FORMAT) over the
 * image, moved by dragging or the arrow keys and sized with a slider. Works
 * in the source image's pixels; shown no wider than the campaign image.
 */
import { CAMPAIGN_IMAGE_FORMAT } from '@backoffice/domain';
import { Box, Input, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { initialCrop, moveCrop, resizeCrop, type Rect } from './image-format';

export interface CropBoxProps {
  src: string;
  imageWidth: number;
  imageHeight: number;
  crop: Rect;
  onCrop: (crop: Rect) => void;
}

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function CropBox({ src, imageWidth, imageHeight, crop, onCrop }: CropBoxProps) {
  const { t } = useTranslation();
  const { ref, width: shownWidth } = useElementSize();
  const drag = useRef<{ pointer: number; x: number; y: number; crop: Rect } | undefined>(undefined);
  const scale = shownWidth > 0 ? shownWidth / imageWidth : 0;
  const largest = initialCrop(imageWidth, imageHeight);
  const size = Math.round((crop.width / largest.width) * 100);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId || scale === 0) return;
    onCrop(
      moveCrop(
        start.crop,
        (event.clientX - start.x) / scale,
        (event.clientY - start.y) / scale,
        imageWidth,
        imageHeight,
      ),
    );
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = KEY_STEPS[event.key];
    if (!direction) return;
    event.preventDefault();
    const step = (event.shiftKey ? 50 : 10) / Math.max(scale, 0.01);
    onCrop(moveCrop(crop, direction[0] * step, direction[1] * step, imageWidth, imageHeight));
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('campaigns.wizard.image.cropHint')}
      </Text>
      <Box
        ref={ref}
        pos="relative"
        maw={CAMPAIGN_IMAGE_FORMAT.width}
        style={{ userSelect: 'none', touchAction: 'none', lineHeight: 0, overflow: 'hidden' }}
      >
        <img src={src} alt="" draggable={false} style={{ width: '100%', display: 'block' }} />
        {scale > 0 && (
          <div
            role="slider"
            tabIndex={0}
            aria-label={t('campaigns.wizard.image.cropFrame')}
            aria-valuetext={`${Math.round(crop.x)}, ${Math.round(crop.y)}`}
            aria-valuenow={Math.round(crop.x)}
            data-testid="crop-frame"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
            style={{
              position: 'absolute',
              left: crop.x * scale,
              top: crop.y * scale,
              width: crop.width * scale,
              height: crop.height * scale,
              border: '2px solid var(--mantine-color-blue-5)',
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
              cursor: 'move',
              boxSizing: 'border-box',
            }}
          />
        )}
      </Box>
      <Input.Wrapper label={t('campaigns.wizard.image.cropSize')} maw={CAMPAIGN_IMAGE_FORMAT.width}>
        <Slider
          min={10}
          max={100}
          value={size}
          onChange={(value) => onCrop(resizeCrop(crop, value / 100, imageWidth, imageHeight))}
          label={(value) => `${value} %`}
          thumbLabel={t('campaigns.wizard.image.cropSize')}
        />
      </Input.Wrapper>
    </Stack>
  );
}
