/**
 * The image chosen in the image step, before it is uploaded: its file, a
 * local address to show it at, its size and the section of it the campaign
 * format takes (the crop). Only images by content (jpg, jpeg, png, gif) are
 * taken; what was wrong with a file, or with the upload, is its problem.
 */
import { useEffect, useState } from 'react';
import { readImageFormat } from '../../../../shared/api/upload';
import type { ImageRefusal } from '../../api/campaign-image';
import { initialCrop, type Rect } from './image-format';

export interface Chosen {
  file: File;
  url: string;
  width: number;
  height: number;
  crop: Rect;
}

export type Problem = ImageRefusal | 'unreadable';

/** The same sentences as the server's refusals and the merchant image's. */
export const PROBLEM_TEXT = {
  no_image: 'errors.server.no_image',
  invalid_image_format: 'errors.server.invalid_image_format',
  image_too_large: 'errors.server.image_too_large',
  unreadable: 'campaigns.wizard.image.unreadable',
} as const satisfies Record<Problem, string>;

function loadImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

export function useImageChoice() {
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);

  // The local address lives as long as its image is chosen.
  useEffect(() => {
    if (!chosen) return undefined;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  /** Takes a file as the chosen image, if it is one by content. */
  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) {
      setProblem('no_image');
      return;
    }
    if (!(await readImageFormat(file))) {
      setProblem('invalid_image_format');
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const { width, height } = await loadImage(url);
      setChosen({ file, url, width, height, crop: initialCrop(width, height) });
    } catch {
      URL.revokeObjectURL(url);
      setProblem('unreadable');
    }
  };

  return {
    chosen,
    problem,
    setProblem,
    choose: (file: File | undefined) => void choose(file),
    setCrop: (crop: Rect) => setChosen((current) => current && { ...current, crop }),
    /** The chosen image is gone: uploaded, or no longer wanted. */
    clear: () => setChosen(undefined),
  };
}
