// The OpenMP runtime's routines, declared for host code. nvcc's host compiler
// (GCC) ships omp.h; Clang 19 keeps it with libomp, a separate package, so a
// CUDA file that includes <omp.h> for its host code would not parse. The
// tools put this folder after every other include folder (-idirafter): a
// Clang with its own omp.h finds that one. Nothing here is defined: the
// rewrite reads the device side, and nvcc compiles the host code.
#ifndef PTXINJECT_CUDA_SHIM_OMP_H
#define PTXINJECT_CUDA_SHIM_OMP_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct omp_lock_t {
  void *opaque[2];
} omp_lock_t;
typedef struct omp_nest_lock_t {
  void *opaque[4];
} omp_nest_lock_t;
typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4
} omp_sched_t;

void omp_set_num_threads(int);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int);
int omp_get_dynamic(void);
void omp_set_nested(int);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t, int);
void omp_get_schedule(omp_sched_t *, int *);
int omp_get_thread_limit(void);
void omp_set_max_active_levels(int);
int omp_get_max_active_levels(void);
int omp_get_level(void);
int omp_get_ancestor_thread_num(int);
int omp_get_team_size(int);
int omp_get_active_level(void);
int omp_in_final(void);
int omp_get_num_devices(void);
int omp_get_default_device(void);
void omp_set_default_device(int);
int omp_is_initial_device(void);

void omp_init_lock(omp_lock_t *);
void omp_destroy_lock(omp_lock_t *);
void omp_set_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);
int omp_test_lock(omp_lock_t *);
void omp_init_nest_lock(omp_nest_lock_t *);
void omp_destroy_nest_lock(omp_nest_lock_t *);
void omp_set_nest_lock(omp_nest_lock_t *);
void omp_unset_nest_lock(omp_nest_lock_t *);
int omp_test_nest_lock(omp_nest_lock_t *);

double omp_get_wtime(void);
double omp_get_wtick(void);

#ifdef __cplusplus
}
#endif

#endif
