// A video media item's cover in the composer (renderer/components/planner/VideoCover.vue).
export default {
  video: 'Video',
  preview: 'Frame of {name}',
  loading: 'Reading the video…',
  meta: '{length} · {width} × {height} px',
  lengthUnknown: 'length unknown',
  frameAt: 'Cover frame at {seconds} s',
  scrubber: 'Cover frame of {name}',
  useFrame: 'Use this frame as cover',
  chooseImage: 'Choose an image…',
  remove: 'Remove cover',
  chosenFor: 'Cover of {name}',
  chosenLocal: 'Cover · uploaded when sent',
  chosenStored: 'Cover · in storage',
  undecodable:
    'This video’s format cannot be played here, so no frame can be picked from it. It still uploads as it is; you can choose an image as its cover.',
  frameBlocked:
    'The storage does not let this app read frames of this video. Choose an image as its cover instead.',
  notImage: '{name} is not an image: a cover is a picture.',
}
