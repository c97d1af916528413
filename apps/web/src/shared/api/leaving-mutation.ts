/**
 * Whether the control of a mutation that leaves the page on success should
 * be busy: while its request runs and after its answer, until the page is
 * left. The next page's code may still be loading when the answer arrives;
 * a control that came back meanwhile would create a second campaign on a
 * second click.
 */
export function busyUntilLeft(mutation: { isPending: boolean; isSuccess: boolean }): boolean {
  return mutation.isPending || mutation.isSuccess;
}
