// SPDX-License-Identifier: GPL-2.0
/*
 * One worker runs, in this order:
 *
 *   await_work     work_event is awaited, then a wait on work_wait;
 *                  queues fire_work on its own CPU
 *   fire_work      work_event happens
 *   control_work   control_event is awaited, a wait on control_wait,
 *                  then control_event happens
 *
 * fire_work is queued by await_work while it runs, on the same CPU's
 * pool: the pool does not wake another worker while this one runs, so this
 * one takes fire_work next, unless another worker of the pool is awake
 * already (woken for some other work item) and takes it first.  Each work
 * item records its task; the pair is run again until both steps ran on
 * one worker, without which the scenario would prove nothing, and the init
 * says whether they did.  A pair run on two workers forms no dependency
 * either, so a retry cannot hide the one the scenario looks for.
 */
#include <linux/dept_sdt.h>
#include <linux/module.h>
#include <linux/workqueue.h>

struct step_pair {
	struct dept_key event_key, wait_key;
	struct dept_map event, wait;
};

static struct step_pair subject, control;
static struct task_struct *await_task, *fire_task;

static void step_pair_init(struct step_pair *p, const char *event,
			   const char *wait)
{
	dept_map_init(&p->event, &p->event_key, 0, event);
	dept_map_init(&p->wait, &p->wait_key, 0, wait);
}

static void step_pair_await(struct step_pair *p)
{
	sdt_request_event(&p->event);
	sdt_wait(&p->wait);
}

static void fire_fn(struct work_struct *work)
{
	fire_task = current;
	sdt_event(&subject.event);
}

static DECLARE_WORK(fire_work, fire_fn);

static void await_fn(struct work_struct *work)
{
	await_task = current;
	step_pair_await(&subject);
	queue_work_on(raw_smp_processor_id(), system_wq, &fire_work);
}

static DECLARE_WORK(await_work, await_fn);

static void control_fn(struct work_struct *work)
{
	step_pair_await(&control);
	sdt_event(&control.event);
}

static DECLARE_WORK(control_work, control_fn);

#define ATTEMPTS 20

static int __init work_context_init(void)
{
	int attempt;

	step_pair_init(&subject, "work_event", "work_wait");
	step_pair_init(&control, "control_event", "control_wait");

	for (attempt = 0; attempt < ATTEMPTS; attempt++) {
		queue_work(system_wq, &await_work);
		flush_work(&await_work);
		flush_work(&fire_work);
		if (await_task == fire_task)
			break;
	}
	queue_work(system_wq, &control_work);
	flush_work(&control_work);

	if (await_task == fire_task)
		pr_info("dept-work-context: both work items ran on one worker\n");
	else
		pr_info("dept-work-context: the work items ran on two workers\n");
	return 0;
}

static void __exit work_context_exit(void)
{
}

module_init(work_context_init);
module_exit(work_context_exit);
MODULE_DESCRIPTION("DEPT scenario: an event and a wait in two work items");
MODULE_LICENSE("GPL");
