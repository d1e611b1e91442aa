/**
 * The contract between the code that {@code idempo-processor} generates and {@code idempo-runtime}.
 *
 * <p>It lives beside the annotations so that generated code compiles against this jar alone and the processor
 * never depends on the runtime. Application code does not call it: the processor writes one
 * {@code <Type>_Idempotency} class per type that declares {@link io.idempo.Idempotent} methods, and the runtime
 * finds it by that name through {@link io.idempo.plan.MethodPlans}.
 */
package io.idempo.plan;
